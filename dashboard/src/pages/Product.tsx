import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api, data, messageOf } from '../api/client';
import type { Product as ProductView, ProductInput } from '../api/types';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../components/States';

const PRODUCT = ['product'];
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The product, or null while the account has none (`product_not_set`). */
async function readProduct(): Promise<ProductView | null> {
  try {
    return await data(api.GET('/product'));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'product_not_set') return null;
    throw error;
  }
}

export default function Product() {
  const product = useQuery({ queryKey: PRODUCT, queryFn: readProduct });
  const [editing, setEditing] = useState(false);
  return (
    <>
      <PageHeader title="Product" description="What you sell: every brief and message is written against it." />
      {product.isPending && <LoadingState label="Reading the product" />}
      {product.isError && <ErrorState error={product.error} retry={() => void product.refetch()} />}
      {product.data === null && !editing && (
        <EmptyState title="No product yet" action={<Button onClick={() => setEditing(true)}>Describe your product</Button>}>
          Research needs one: until it is set, requests answer that the account has no product.
        </EmptyState>
      )}
      {product.isSuccess && (product.data !== null || editing) && <ProductForm product={product.data} />}
    </>
  );
}

function ProductForm({ product }: { product: ProductView | null }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [features, setFeatures] = useState(product?.features.join('\n') ?? '');
  const [customers, setCustomers] = useState(product?.customers.join('\n') ?? '');
  const save = useMutation({
    mutationFn: (body: ProductInput) => data(api.PUT('/product', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(PRODUCT, saved);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
  const edit = (setter: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
    save.reset();
    setter(event.currentTarget.value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), description: description.trim(), features: lines(features), customers: lines(customers) });
  };
  const saved = save.data ?? product;
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={760}>
        <TextInput label="Name" required value={name} onChange={edit(setName)} />
        <Textarea label="Description" description="What it does and for whom, in a few sentences." required autosize minRows={3} value={description} onChange={edit(setDescription)} />
        <Textarea label="Key features" description="One per line: briefs look for the needs they answer." required autosize minRows={3} value={features} onChange={edit(setFeatures)} />
        <Textarea label="Customers" description="One per line: who buys it." required autosize minRows={2} value={customers} onChange={edit(setCustomers)} />
        {save.isError && (
          <Alert color="red" role="alert" title="Not saved">
            {messageOf(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save product
          </Button>
          {save.isSuccess && (
            <Text role="status" c="green.8" size="sm">
              Saved. New research is written against it.
            </Text>
          )}
          {!save.isSuccess && saved && (
            <Text size="sm" c="dimmed">
              Current since {new Date(saved.updated_at).toLocaleString()}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
