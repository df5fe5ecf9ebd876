import { useMutation } from "@tanstack/react-query";
import { ADMIN_API, ADMIN_TEXT } from "@shared/constants";
import type { AnalysisResult } from "@shared/contracts/admin";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";

/** What to analyse: a text, or the address of an image. */
export type AnalysisInput = { text: string } | { imageUrl: string };

/** POST /api/admin/analyze-sentiment. A failure's message is the server's, or the spec's fallback. */
export async function analyzeSentiment(input: AnalysisInput): Promise<AnalysisResult> {
  try {
    return (await (await apiRequest("POST", ADMIN_API.analyzeSentiment, input)).json()) as AnalysisResult;
  } catch (error) {
    throw new Error(errorMessage(error, ADMIN_TEXT.analysisFallback), { cause: error });
  }
}

export const useAnalyzeSentiment = () =>
  useMutation<AnalysisResult, Error, AnalysisInput>({ mutationFn: analyzeSentiment });
