import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project's documentation stands on its own: every relative link between its pages resolves to a
 * file of this repository, every `#anchor` to a heading of the page it names, and every repository
 * path a page names in code (`engine/src/...`) exists. Links to other sites are not followed.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = globSync(['docs/*.md', '**/README.md', 'CONTRIBUTING.md'], {
  cwd: ROOT,
  exclude: (path) => /(^|\/)(node_modules|build|\.data|\.tsbuild|\.git)$/.test(path),
}).sort();

/** The folders a path named in a page starts from; anything else in backticks is not a path. */
const REPOSITORY_FOLDERS = /^(engine|crm-app|nodes|credentials|bench|test|docs|deploy)\//;

interface Page {
  /** The page's text outside fenced code blocks, each line kept where it was. */
  lines: string[];
  /** The text inside inline code spans, in order. */
  codeSpans: string[];
  anchors: Set<string>;
}

const pages = new Map<string, Page>();

function page(path: string): Page {
  let read = pages.get(path);
  if (!read) {
    read = parse(readFileSync(resolve(ROOT, path), 'utf8'));
    pages.set(path, read);
  }
  return read;
}

function parse(markdown: string): Page {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker?.startsWith(fence)) fence = undefined;
    lines.push(fence === undefined && !marker ? line : '');
  }
  const codeSpans = lines.flatMap((line) => [...line.matchAll(/(`+)(.+?)\1/g)].map((span) => span[2]!.trim()));
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of lines) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return { lines, codeSpans, anchors };
}

/**
 * The anchor GitHub gives a heading: its text without markup, lower-cased, every character that is
 * not a letter, a digit, a space, `-` or `_` removed, spaces turned into hyphens.
 */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every link target of a page outside code: inline links and reference definitions. */
function linkTargets(lines: string[]): string[] {
  const targets: string[] = [];
  for (const line of lines) {
    const prose = line.replace(/(`+).+?\1/g, '');
    for (const link of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(link[1]!);
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(prose);
    if (definition) targets.push(definition[1]!);
  }
  return targets;
}

/** Why a link of `from` does not resolve, or undefined when it does. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? from : relative(ROOT, resolve(ROOT, dirname(from), decodeURIComponent(pathPart)));
  if (path.startsWith('..')) return `${target}: outside the repository`;
  if (!existsSync(resolve(ROOT, path))) return `${target}: no such file`;
  if (anchor === undefined || !path.endsWith('.md')) return undefined;
  return page(path).anchors.has(decodeURIComponent(anchor)) ? undefined : `${target}: no heading of ${path} has the anchor #${anchor}`;
}

/** A code span that names a file or folder of the repository, without placeholders or wildcards. */
function repositoryPath(span: string): string | undefined {
  const path = span.replace(/[.,:;]$/, '');
  if (!REPOSITORY_FOLDERS.test(path) || /[\s<>{}*$]|\.\.\./.test(path)) return undefined;
  return path;
}

describe('the documentation', () => {
  it('has pages to check', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/autopilot.md', 'docs/engine.md', 'crm-app/README.md']));
  });

  it.each(PAGES)('%s: every relative link and anchor resolves', (path) => {
    const broken = linkTargets(page(path).lines)
      .map((target) => brokenLink(path, target))
      .filter((problem) => problem !== undefined);
    expect(broken).toEqual([]);
  });

  it.each(PAGES)('%s: every repository path it names exists', (path) => {
    // A package's README names its own files from its folder (crm-app/README.md: `test/...`).
    const exists = (named: string) => existsSync(resolve(ROOT, named)) || existsSync(resolve(ROOT, dirname(path), named));
    const missing = page(path)
      .codeSpans.map(repositoryPath)
      .filter((named) => named !== undefined && !exists(named));
    expect(missing).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    const outside = PAGES.filter((path) => /\.\.\/shared\/|spec\/prospect-research-service/.test(readFileSync(resolve(ROOT, path), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('reads GitHub anchors and links as GitHub does', () => {
    expect(githubSlug('GET /research-status/{research_id}')).toBe('get-research-statusresearch_id');
    expect(githubSlug("A lead's timeline")).toBe('a-leads-timeline');
    expect(githubSlug('Seats: linkedin, whatsapp and telegram')).toBe('seats-linkedin-whatsapp-and-telegram');
    expect(githubSlug('Idempotency-Key (an addition)')).toBe('idempotency-key-an-addition');
    expect([...parse('# Setup\n```sh\n# not a heading\n```\n## Setup\n').anchors]).toEqual(['setup', 'setup-1']);
    expect(linkTargets(['See [a](b.md#c) and `[not](a link)`.', '[ref]: ../x.md'])).toEqual(['b.md#c', '../x.md']);
    expect(brokenLink('docs/api.md', 'nope.md')).toBe('nope.md: no such file');
    expect(brokenLink('docs/api.md', '#no-such-heading')).toMatch(/no heading of docs\/api.md/);
    expect(brokenLink('docs/api.md', 'https://example.com/x')).toBeUndefined();
    expect(repositoryPath('engine/src/<feature>/migrations')).toBeUndefined();
    expect(repositoryPath('engine/src/index.ts')).toBe('engine/src/index.ts');
  });
});
