import { useMutation } from "@tanstack/react-query";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import type { AnalysisResult } from "@shared/contracts/admin";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";

/** What to analyse: a text, or the address of an image. */
export type AnalysisInput = { text: string } | { imageUrl: string };

/** POST /api/admin/analyze-sentiment. A failure's message is the server's, or the spec's fallback. */
export async function analyzeSentiment(input: AnalysisInput): Promise<AnalysisResult> {
  try {
    return await apiCall("POST /api/admin/analyze-sentiment", { body: input });
  } catch (error) {
    throw new Error(errorMessage(error, ADMIN_TEXT.analysisFallback), { cause: error });
  }
}

export const useAnalyzeSentiment = () =>
  useMutation<AnalysisResult, Error, AnalysisInput>({ mutationFn: analyzeSentiment });
