import { FileText, Image as ImageIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ADMIN_LIMITS } from "@shared/vocabulary";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import type { AnalysisResult } from "@shared/contracts/admin";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/hooks/use-toast";
import { useAnalyzeSentiment } from "../api/analyze-sentiment";
import { analysisSummary } from "../lib/analysis";
import { AdminCard } from "./admin-card";

export type AnalysisKind = "text" | "image";

/** The last analysis and what was analysed, for the Analysis Results card. */
export interface LastAnalysis {
  kind: AnalysisKind;
  input: string;
  result: AnalysisResult;
}

const COPY = {
  text: {
    title: ADMIN_TEXT.textTitle,
    description: ADMIN_TEXT.textDescription,
    icon: FileText,
    label: ADMIN_TEXT.textLabel,
    placeholder: ADMIN_TEXT.textPlaceholder,
    submit: ADMIN_TEXT.analyzeText,
    required: ADMIN_TEXT.textRequired,
  },
  image: {
    title: ADMIN_TEXT.imageTitle,
    description: ADMIN_TEXT.imageDescription,
    icon: ImageIcon,
    label: ADMIN_TEXT.imageLabel,
    placeholder: ADMIN_TEXT.imagePlaceholder,
    submit: ADMIN_TEXT.analyzeImage,
    required: ADMIN_TEXT.imageRequired,
  },
} as const;

/** Spec 2 "Test Text Analysis" and "Test Image Analysis": one input, one button, toasts of spec 5 and 8. */
export function AnalysisTestCard({
  kind,
  onResult,
  className,
}: {
  kind: AnalysisKind;
  onResult: (last: LastAnalysis) => void;
  className?: string;
}) {
  const copy = COPY[kind];
  const [value, setValue] = useState("");
  const inputId = useId();
  const analyze = useAnalyzeSentiment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (analyze.isPending) return;
    const input = value.trim();
    if (!input) {
      toast({ variant: "destructive", title: ADMIN_TEXT.inputRequired, description: copy.required });
      return;
    }
    analyze.mutate(kind === "text" ? { text: input } : { imageUrl: input }, {
      onSuccess: (result) => {
        onResult({ kind, input, result });
        toast({ title: ADMIN_TEXT.analysisComplete, description: analysisSummary(result) });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: ADMIN_TEXT.analysisFailed, description: error.message }),
    });
  };

  return (
    <AdminCard title={copy.title} description={copy.description} icon={copy.icon} className={className}>
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-3">
        <Label htmlFor={inputId}>{copy.label}</Label>
        {kind === "text" ? (
          <Textarea
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={copy.placeholder}
            maxLength={ADMIN_LIMITS.analyzeTextMax}
            rows={4}
          />
        ) : (
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={copy.placeholder}
            maxLength={ADMIN_LIMITS.imageUrlMax}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <Button
          type="submit"
          disabled={analyze.isPending}
          aria-busy={analyze.isPending || undefined}
          className="mt-auto w-full sm:w-fit"
        >
          {analyze.isPending ? ADMIN_TEXT.analyzing : copy.submit}
        </Button>
      </form>
    </AdminCard>
  );
}
