// The container build file read as a container engine would (no engine runs on our machines, README
// "Production"): what each stage copies exists and is sent, the install is the README's, the image runs as
// a user with a health check on the liveness probe.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';
import { DockerfileParser } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(join(root, file), 'utf8');

/** The Dockerfile's stages, each its name, image and instructions as `{ keyword, args, exec, from, text }`. */
function stagesOf(text) {
  const stages = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      stages.push({ name: instruction.getBuildStage(), image: instruction.getImage(), steps: [] });
      continue;
    }
    const from = keyword === 'COPY' ? (instruction.getFromFlag()?.getValue() ?? null) : null;
    const args = instruction.getArguments().map((argument) => argument.getValue());
    // The exec form (`CMD ["node", …]`): its strings, unquoted.
    const exec = instruction.getJSONStrings?.().map((string) => string.getJSONValue()) ?? [];
    stages.at(-1)?.steps.push({ keyword, args, exec, from, text: instruction.getArgumentsContent() ?? '' });
  }
  return stages;
}

const stages = stagesOf(read('Dockerfile'));
const final = stages.at(-1);
const stageNames = stages.map((stage) => stage.name);
/** A stage's instructions of a keyword, those of the stages it is built on first. */
const stepsOf = (stage, keyword) => [
  ...(stageNames.includes(stage.image) ? stepsOf(stages[stageNames.indexOf(stage.image)], keyword) : []),
  ...stage.steps.filter((step) => step.keyword === keyword),
];
/** A COPY's sources: its arguments but the flags and the destination. */
const sourcesOf = (copy) => copy.args.filter((arg) => !arg.startsWith('--')).slice(0, -1);

describe('the Dockerfile', () => {
  it('builds in stages from the official Node image, on the Node the README asks for', () => {
    expect(stages.length).toBeGreaterThan(1);
    const readmeNode = Number(/Node\.js (\d+)\.\d+\+/.exec(read('README.md'))?.[1]);
    for (const stage of stages.filter((stage) => !stageNames.includes(stage.image))) {
      const [, major] = /^node:(\d+)-[a-z]+-slim$/.exec(stage.image) ?? [];
      expect(Number(major), stage.image).toBeGreaterThanOrEqual(readmeNode);
    }
  });

  it('installs with the README’s npm ci, the runtime with the server’s production dependencies alone', () => {
    expect(read('README.md')).toContain('npm ci && npm start');
    const installs = stages.flatMap((stage) => stepsOf(stage, 'RUN')).map((step) => step.text);
    expect(installs).toContain('npm ci --no-audit --no-fund');
    expect(installs).toContain('npm ci --omit=dev --workspace @parkhere/server --no-audit --no-fund');
    expect(stepsOf(final, 'RUN').map((step) => step.text)).not.toContainEqual(expect.stringMatching(/npm/));
  });

  it('copies from the build context only what exists and .dockerignore sends', () => {
    const ignored = dockerignore().add(read('.dockerignore').split('\n'));
    const sources = stages.flatMap((stage) =>
      stage.steps.filter((step) => step.keyword === 'COPY' && step.from === null).flatMap(sourcesOf),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(join(root, source)), source).toBe(true);
      expect(ignored.ignores(source), `${source} is in .dockerignore`).toBe(false);
    }
    for (const left of ['node_modules', 'packages/web/dist', 'data', '.git', '.tmp']) {
      expect(ignored.ignores(left), left).toBe(true);
    }
  });

  it('every workspace’s manifest is there for npm ci', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces;
    for (const stage of stages.filter((stage) =>
      stepsOf(stage, 'RUN').some((run) => run.text.startsWith('npm ci')),
    )) {
      const copied = stepsOf(stage, 'COPY').flatMap(sourcesOf);
      expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
      expect(copied).toEqual(expect.arrayContaining(workspaces.map((folder) => `${folder}/package.json`)));
    }
  });

  it('the final stage takes only what runs: installed modules, the server’s and contract’s sources, the built web app', () => {
    const copies = stepsOf(final, 'COPY');
    for (const copy of copies.filter((step) => step.from !== null)) {
      expect(stageNames.slice(0, -1)).toContain(copy.from);
    }
    expect(copies.flatMap(sourcesOf).sort()).toEqual([
      '/app/node_modules',
      '/app/packages',
      '/app/packages/web/dist',
      'packages/contract/src',
      'packages/server/src',
    ]);
  });

  it('runs the server as the image’s unprivileged user, with Node as PID 1 and a health check on /api/health/live', () => {
    expect(stepsOf(final, 'USER').map((step) => step.text)).toEqual(['node']);
    expect(stepsOf(final, 'CMD').map((step) => step.exec)).toEqual([
      ['node', '--import', 'tsx', 'packages/server/src/main.ts'],
    ]);
    const [healthcheck] = stepsOf(final, 'HEALTHCHECK');
    expect(healthcheck?.text).toMatch(/CMD .*\/api\/health\/live/);
  });
});
