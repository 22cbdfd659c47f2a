import { CART_EXPORT_CITATIONS_FILENAME, CART_EXPORT_FILENAME } from '@coral/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useReportCartError } from './cart-errors';

export interface ExportRequest {
  groupIds: readonly number[];
  exportAll: boolean;
}

/**
 * Product-spec §7 export groups (ids, exportAll): the server's CSV, handed to the browser as a
 * download named coral_cart_export.csv (§9).
 */
export async function exportGroups({ groupIds, exportAll }: ExportRequest): Promise<string> {
  const file = await api.download('/api/auth/cart/export/', {
    group_ids: exportAll ? [] : [...groupIds],
    export_all: exportAll,
  });
  saveFile(file.blob, CART_EXPORT_FILENAME);
  return CART_EXPORT_FILENAME;
}

export function useExportGroups() {
  const report = useReportCartError();
  return useMutation({
    mutationFn: exportGroups,
    onError: (error) => report('export', error),
  });
}

/**
 * The export's companion (decision 0054): the citations and licences of every dataset version
 * the export of the same groups draws on, as coral_cart_export_citations.txt.
 */
export async function exportCitations({ groupIds, exportAll }: ExportRequest): Promise<string> {
  const file = await api.download('/api/auth/cart/export/citations/', {
    group_ids: exportAll ? [] : [...groupIds],
    export_all: exportAll,
  });
  saveFile(file.blob, CART_EXPORT_CITATIONS_FILENAME);
  return CART_EXPORT_CITATIONS_FILENAME;
}

export function useExportCitations() {
  const report = useReportCartError();
  return useMutation({
    mutationFn: exportCitations,
    onError: (error) => report('citations', error),
  });
}
