import { AppError } from '../platform/errors.ts';
import type { Pool } from '../platform/database/database.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { refusing } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import { isoWithOffset } from '../platform/time.ts';
import { documentRefusal, type Problem, problemLines } from '../platform/validation/index.ts';
import { type ProductInputBody, type ProductView, productInputSchema, productViewSchema } from './contract.ts';
import { currentProduct, type Product, type ProductInput, setProduct } from './products.ts';

const EXAMPLE: ProductView = {
  name: 'Ledgerly',
  description: 'Accounts-payable automation for mid-sized manufacturers: invoices captured, matched and approved without typing.',
  features: ['Invoice capture from e-mail and PDF', 'Three-way matching', 'Approval flows in Slack'],
  customers: ['CFOs of manufacturers with 200 to 2,000 staff', 'Heads of accounts payable'],
  updated_at: '2026-11-27T10:00:00.000+01:00',
};
const { updated_at: _, ...EXAMPLE_INPUT } = EXAMPLE;

/** How the body of `PUT /product` is refused: `invalid_product` with every problem in words. */
const productRefusal = documentRefusal(
  {
    absent: 'The request has no body: send {"name": "...", "description": "...", "features": ["..."], "customers": ["..."]} as JSON',
    notObject: 'A product is sent as {"name": "...", "description": "...", "features": ["..."], "customers": ["..."]}',
  },
  (problems) => invalidProduct(problems),
);

const tags = ['Account'];
const SCHEMAS = {
  get: {
    summary: "The account's product",
    description: 'The product research is written against: briefs say how the prospect fits it. `product_not_set` until one is set.',
    tags,
    operationId: 'getProduct',
    errors: errorCodes('product_not_set'),
    response: { 200: example(productViewSchema, EXAMPLE) },
  },
  put: {
    summary: "Sets the account's product",
    description: 'Makes this the current product: research started from now on is written against it; briefs written before keep the product they were written for.',
    tags,
    operationId: 'putProduct',
    body: refusing(example(productInputSchema, EXAMPLE_INPUT), productRefusal),
    errors: errorCodes('invalid_product'),
    response: { 200: example(productViewSchema, EXAMPLE) },
  },
};

/** The product a checked body (`productRefusal`) sets. */
function productOf({ name, description, features, customers }: ProductInputBody): ProductInput {
  return { name, description, features, customers };
}

function invalidProduct(problems: Problem[]): AppError {
  return new AppError('invalid_product', { problems }, ['The product was not set:', ...problemLines(problems)].join('\n'));
}

function productView(product: Product): ProductView {
  return { name: product.name, description: product.description, features: product.features, customers: product.customers, updated_at: isoWithOffset(product.createdAt) };
}

/** `GET /product` and `PUT /product`: the product context research is written against (the CLI's `products set|show`, over HTTP). */
export function productRoutes(app: HttpScope, pool: Pool): void {
  app.get('/product', { schema: SCHEMAS.get }, async (request): Promise<ProductView> => {
    const product = await currentProduct(pool, request.holder.account.id);
    if (!product) throw new AppError('product_not_set', {}, 'this account has no product yet: PUT /product sets it');
    return productView(product);
  });

  app.put('/product', { schema: SCHEMAS.put }, async (request): Promise<ProductView> => productView(await setProduct(pool, request.holder.account.id, productOf(request.body))));
}
