import { Search, X } from "lucide-react";
import { useRef } from "react";
import { Input } from "@client/components/ui/input";
import { cn } from "@client/lib/utils";
import { SEARCH_MAX_LENGTH } from "../lib/venue-params";

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}

/** A labelled search box with a clear button. */
export function SearchField({ value, onChange, label, placeholder, className }: SearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={cn("relative min-w-0", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          aria-label={`Clear ${label.toLowerCase()}`}
          onClick={() => {
            onChange("");
            inputRef.current?.focus();
          }}
          className={
            "absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center " +
            "justify-center rounded-lg text-muted-foreground hover:bg-white/10 hover:text-foreground"
          }
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
