import type { Identities, ResearchInput, ResearchOutcome, ResearchPipeline } from '../../src/research/pipeline/pipeline.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { SourcePipeline } from '../../src/research/pipeline/sourcePipeline.ts';

/** The pipeline with every source off: the e-mail, the ids, the caller's fields, and nulls. */
export function sourceless(): SourcePipeline {
  return new SourcePipeline({ people: [], companies: [] }, createLogger('silent'));
}

type Behaviour = (input: ResearchInput, identities: Identities, signal: AbortSignal) => Promise<ResearchOutcome>;

/**
 * A pipeline whose behaviour a test chooses (hang, fail, break the schema); by default it is the
 * sourceless pipeline. It records every input it was given and whether its signal aborted.
 */
export class ScriptedPipeline implements ResearchPipeline {
  readonly fingerprint: string;
  readonly inputs: ResearchInput[] = [];
  readonly aborted: unknown[] = [];
  private readonly behaviour: Behaviour;

  constructor(behaviour?: Behaviour, fingerprint = 'scripted-v1') {
    const empty = sourceless();
    this.behaviour = behaviour ?? ((input, identities, signal) => empty.run(input, identities, signal));
    this.fingerprint = fingerprint;
  }

  run(input: ResearchInput, identities: Identities, signal: AbortSignal): Promise<ResearchOutcome> {
    this.inputs.push(input);
    signal.addEventListener('abort', () => this.aborted.push(signal.reason), { once: true });
    return this.behaviour(input, identities, signal);
  }
}

/** Never settles on its own: only the signal ends it (like a source that never answers). */
export const hangs: Behaviour = (_input, _identities, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/** Ignores its signal entirely and never settles. */
export const ignoresSignal: Behaviour = () => new Promise(() => {});

export const fails: Behaviour = async () => {
  throw new Error('enrichment source exploded');
};

/** Waits `ms`, honouring the signal, then produces the sourceless brief. */
export function takes(ms: number): Behaviour {
  const empty = sourceless();
  return (input, identities, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(empty.run(input, identities, signal)), ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
}
