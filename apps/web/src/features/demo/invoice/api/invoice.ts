import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type {
  Client,
  Invoice,
  InvoiceInput,
  InvoiceResponse,
  InvoicesResponse,
  PaymentInput,
} from './types';

export interface InvoiceQuery {
  q: string;
  status: string;
  sortBy: string;
  sortDesc: boolean;
  perPage: number;
  page: number;
}

const key = ['demo', 'invoice'] as const;

export const useInvoices = (params: InvoiceQuery) =>
  useQuery({
    queryKey: [...key, 'list', params],
    queryFn: async () =>
      (
        await demoApi.get<InvoicesResponse>('/apps/invoice/invoices', {
          params: { ...params, status: params.status || undefined, q: params.q || undefined },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useInvoice = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: async () => (await demoApi.get<InvoiceResponse>(`/apps/invoice/invoices/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useClients = () =>
  useQuery({
    queryKey: [...key, 'clients'],
    queryFn: async () => (await demoApi.get<Client[]>('/apps/invoice/clients')).data,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

export function useSaveInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: InvoiceInput }) =>
      (
        await demoApi.post<{ invoice: Invoice }>(
          id ? `/apps/invoice/invoices/${id}` : '/apps/invoice/invoices',
          input,
        )
      ).data.invoice,
    onSuccess: invalidate,
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await demoApi.delete(`/apps/invoice/invoices/${id}`);
    },
    onSuccess: invalidate,
  });
}

export function useAddPayment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: PaymentInput) =>
      (await demoApi.post<{ invoice: Invoice }>(`/apps/invoice/invoices/${id}/payments`, input))
        .data.invoice,
    onSuccess: invalidate,
  });
}

export function useAddClient() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (client: Client) =>
      (await demoApi.post<{ client: Client }>('/apps/invoice/clients', client)).data.client,
    onSuccess: invalidate,
  });
}

/** Body of an add/edit request built from an existing invoice (used by Duplicate). */
export const toInput = (i: Invoice): InvoiceInput => ({
  issuedDate: i.issuedDate,
  dueDate: i.dueDate,
  client: i.client,
  service: i.service,
  items: i.items,
  salesperson: i.salesperson,
  note: i.note,
  invoiceStatus: 'Draft',
});
