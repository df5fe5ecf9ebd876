import { ArrowLeft } from "lucide-react";
import { AUTH_TEXT, SOCIAL_PROVIDERS } from "@client/lib/texts";
import { navigateWholePage } from "@client/lib/browser";
import { Button } from "./ui/button";
import { ProviderIcon } from "./provider-icons";

const optionClass = "h-12 w-full justify-start gap-3 px-4 text-base [&_svg]:size-5";

/** Google, Apple and X leave the app for the server's OAuth routes; Email stays in the app. */
export function SignInMethods({ onEmail, onBack }: { onEmail: () => void; onBack: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider.id}>
            <Button variant="outline" className={optionClass} onClick={() => navigateWholePage(provider.path)}>
              <ProviderIcon provider={provider.id} />
              {provider.label}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="outline" className={optionClass} onClick={onEmail}>
            <ProviderIcon provider="email" />
            {AUTH_TEXT.email}
          </Button>
        </li>
      </ul>
      <Button variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {AUTH_TEXT.back}
      </Button>
    </div>
  );
}
