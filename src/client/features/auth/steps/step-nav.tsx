import { ArrowLeft } from "lucide-react";
import { AUTH_TEXT } from "@client/lib/texts";
import { Button } from "@client/components/ui/button";

interface StepNavProps {
  onBack: () => void;
  switchPrompt: string;
  switchLabel: string;
  onSwitch: () => void;
}

/** Back one level, and the switch between the login and signup forms. */
export function StepNav({ onBack, switchPrompt, switchLabel, onSwitch }: StepNavProps) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {AUTH_TEXT.back}
      </Button>
      <p className="text-sm text-muted-foreground">
        {switchPrompt}{" "}
        <Button variant="link" onClick={onSwitch}>
          {switchLabel}
        </Button>
      </p>
    </div>
  );
}
