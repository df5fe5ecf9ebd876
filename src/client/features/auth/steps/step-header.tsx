import { useEffect, useRef } from "react";

/** Step title; it takes focus when a step opens so keyboard and screen-reader users follow along. */
export function StepHeader({
  title,
  subtitle,
  autoFocus = true,
}: {
  title: string;
  subtitle?: string;
  autoFocus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  return (
    <div className="mb-6 flex flex-col gap-1.5 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        {title}
      </h1>
      {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
    </div>
  );
}
