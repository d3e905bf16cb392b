import { type ResearchData, researchDataSchema } from './contract.ts';

/**
 * Briefs are stored as `jsonb`, which keeps an object's keys in its own order (shortest first:
 * "hq, id, icp, name..."), not in the order they were written. A person reads a brief in the spec's
 * order (prospect, company, decision makers; within each, the spec's field order), which the contract's
 * schemas follow property by property: the answer is rebuilt in that order before it is sent.
 */
type Reorder = (value: unknown) => unknown;

interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
}

const unchanged: Reorder = (value) => value;

/** A function that puts the keys of a value of `schema` (at every depth) in the schema's property order. */
function reorderer(schema: SchemaNode): Reorder {
  if (schema.anyOf) {
    // The contract's unions are `nullable(x)`: the one branch that is an object or an array decides.
    const branch = schema.anyOf.find((option) => option.properties || option.items);
    return branch ? reorderer(branch) : unchanged;
  }
  if (schema.items) {
    const item = reorderer(schema.items);
    return (value) => (Array.isArray(value) ? value.map(item) : value);
  }
  if (schema.properties) {
    const fields = Object.entries(schema.properties).map(([key, property]) => [key, reorderer(property)] as const);
    const known = new Set(fields.map(([key]) => key));
    return (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const source = value as Record<string, unknown>;
      const ordered: Record<string, unknown> = {};
      for (const [key, reorder] of fields) if (Object.hasOwn(source, key)) ordered[key] = reorder(source[key]);
      // A stored brief breaks no schema, so there is nothing else; were there, it would follow, not vanish.
      for (const key of Object.keys(source)) if (!known.has(key)) ordered[key] = source[key];
      return ordered;
    };
  }
  return unchanged;
}

const reorderBrief = reorderer(researchDataSchema as SchemaNode);

/** The brief with its keys, at every level (posts, news, decision makers...), in the spec's order. */
export function inSpecOrder(data: ResearchData): ResearchData {
  return reorderBrief(data) as ResearchData;
}
