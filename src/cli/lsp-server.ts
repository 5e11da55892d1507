// `sgconf lsp`: a language server on standard input and output (vscode-languageserver). The same findings,
// positions and severities as `sgconf lint` with the workspace's tool config, computed from the unsaved
// text while the user types (debounced); hover and completion from the schemas and the release facts;
// the safe fixes of `lint --fix` as code actions, and a link to each rule's page. A failure on one
// document is logged and never stops the server.
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CodeActionKind, CompletionItemKind, createConnection, DiagnosticSeverity, MarkupKind, MessageType, ProposedFeatures,
  StreamMessageWriter, TextDocuments, TextDocumentSyncKind, type CodeAction, type Connection, type Diagnostic as LspDiagnostic,
} from 'vscode-languageserver/node.js';
import { LenientMessageReader } from './lsp-transport.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeText, functionFilesNamed, readingEnvironment, type LintOptions } from '../lint.js';
import { loadToolConfig } from '../config/index.js';
import { configsNamingFunctionFiles, isFunctionFileName, jsToolConfigAllowed, settingsOf, type FileSettings } from './tool-options.js';
import { applySuppressions } from '../config/suppressions.js';
import { isConfigFileName, readTextFile, TEST_FILE } from '../files.js';
import { findingsThrough, functionFileAlone } from '../functions/function-file.js';
import { NamedFunctionFiles } from './named-function-files.js';
import type { LoadedToolConfig } from '../config/index.js';
import { readTestFile } from '../sgtest/file.js';
import { ignoreMatcher } from '../globs.js';
import { testFileFindings } from '../sgtest/run.js';
import { formatFromPath, parseSource, type LocatedDocument } from '../source/index.js';
import { schemaAt } from '../schema/at.js';
import { fieldKnownTo, releasesKnowing } from '../schema/release-fields.js';
import { editFor } from '../fix/edits.js';
import { fixText } from '../fix/run.js';
import { docsUrl, packageFile } from '../paths.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import { isLogKeyEntry, logKeysOf } from '../releases/log-keys.js';
import { auditEvent, auditEventsOf, isAuditEventEntry } from '../releases/audit-events.js';
import { getAtPointer, isObject, joinPointer, type Diagnostic, type Fix, type Kind, type Severity } from '../types.js';

/** Milliseconds of quiet after a change before the document is linted again. */
export const DEBOUNCE_MS = 60;

/**
 * A document larger than this is not checked while typing (its lint would hold the server for seconds):
 * it is checked once when opened and again when saved, in a worker thread, with a notice.
 */
export const LIVE_LIMIT_CHARS = 2 * 1024 * 1024;

const SEVERITY: Record<Severity, DiagnosticSeverity> = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information };
const OPEN_DOCS = 'sgconf.openRuleDocs';
/** The kind of the action that applies every safe fix (editors ask for `source.fixAll` on save). */
const FIX_ALL = `${CodeActionKind.SourceFixAll}.sgconf`;

interface Linted {
  version: number;
  kind: Kind | null;
  options: LintOptions;
  /** The text located for positions, read once per version (hover, completion and code actions need it). */
  located?: { version: number; document: LocatedDocument | null };
}

export function startServer(connection: Connection = createConnection(ProposedFeatures.all,
  new LenientMessageReader(process.stdin, (message) => process.stderr.write(`sgconf lsp: ${message}\n`)), new StreamMessageWriter(process.stdout))): void {
  const documents = new TextDocuments(TextDocument);
  /** The worker checking each large document, if one is running. */
  const checking = new Map<string, Worker>();
  const timers = new Map<string, NodeJS.Timeout>();
  const linted = new Map<string, Linted>();

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
      hoverProvider: true,
      completionProvider: { triggerCharacters: ['"'] },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL] },
      executeCommandProvider: { commands: [OPEN_DOCS] },
    },
    serverInfo: { name: 'sgconf' },
  }));

  // Configs, test files and tool configs (JSON or YAML), and function files (.js).
  const isChecked = (uri: string) => uri.startsWith('file:') && /\.(json|ya?ml|js)$/i.test(uri) && pathOf(uri) !== null;
  /** The unsaved text of the function files open in the editor, which every check reads instead of the disk's. */
  const openFunctionFiles = () => new Map(documents.all().map((d) => [pathOf(d.uri), d] as const)
    .filter((entry): entry is [string, TextDocument] => entry[0] !== null && isFunctionFileName(entry[0])).map(([file, d]) => [file, d.getText()]));

  /** The options `sgconf lint` would use in a folder: its tool config, target and env files. */
  async function folderOptions(dir: string): Promise<{ options: LintOptions; tool: LoadedToolConfig; settings: FileSettings }> {
    const tool = await loadToolConfig(dir, undefined, { allowJs: jsToolConfigAllowed(process.env) });
    if (tool.filepath) await publishToolConfigProblems(tool.filepath, tool.problems?.diagnostics ?? []);
    const { settings } = settingsOf(tool, {}, dir, process.env);
    return { options: { ...settings.options, cwd: dir, openFiles: openFunctionFiles() }, tool, settings };
  }

  /** The options of the file's folder, and what its tool config says of the file itself. */
  async function optionsFor(file: string): Promise<{ options: LintOptions; suppress: (found: Diagnostic[]) => Diagnostic[]; ignored: boolean; tool: LoadedToolConfig }> {
    const dir = path.dirname(file);
    const { options, tool, settings } = await folderOptions(dir);
    // The tool config's suppressions, as lint applies them: one verdict in the editor and in CI.
    const suppress = (found: Diagnostic[]) => applySuppressions([{ file, kind: null, diagnostics: found }], tool.config.suppressions, settings.selection.base, dir).results[0]!.diagnostics;
    // A file the tool config's `ignore` names gets no findings, as lint and the hooks skip it.
    const ignored = ignoreMatcher(settings.selection.ignore, settings.selection.base, dir)(file);
    return { options, suppress, ignored, tool };
  }

  /** The tool config's own problems, on the tool config, as lint reports them (cleared once mended). */
  const toolConfigShown = new Map<string, string>();
  async function publishToolConfigProblems(file: string, diagnostics: Diagnostic[]): Promise<void> {
    const uri = pathToFileURL(file).href;
    const shown = JSON.stringify(diagnostics);
    if (toolConfigShown.get(uri) === shown || (diagnostics.length === 0 && !toolConfigShown.has(uri))) return;
    toolConfigShown.set(uri, shown);
    await connection.sendDiagnostics({ uri, diagnostics: diagnostics.map(toLsp) });
  }

  /**
   * The findings in the function files a config names (a build source's `sync: orders-sync.js`), on those
   * files, at their own lines, as lint reports them; a file's findings are cleared once they are mended.
   * A fix belongs to the config's text, so these carry none.
   */
  const functionFilesOf = new Map<string, Set<string>>();
  async function publishInFunctionFiles(configUri: string, dir: string, diagnostics: Diagnostic[]): Promise<void> {
    const byUri = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      const uri = pathToFileURL(path.resolve(dir, d.file!)).href;
      byUri.set(uri, [...(byUri.get(uri) ?? []), { ...d, fix: undefined }]);
    }
    for (const uri of functionFilesOf.get(configUri) ?? []) if (!byUri.has(uri)) byUri.set(uri, []);
    functionFilesOf.set(configUri, new Set([...byUri].filter(([, found]) => found.length > 0).map(([uri]) => uri)));
    for (const [uri, found] of byUri) {
      // An open function file is checked by itself, through every config that names it.
      const open = documents.get(uri);
      if (open) schedule(open);
      else await connection.sendDiagnostics({ uri, diagnostics: found.map(toLsp) });
    }
  }

  /** The function files each config names, so that a change of one lints only the configs that name it. */
  const namedFunctionFiles = new NamedFunctionFiles();

  /**
   * A function file's findings, as `sgconf lint <file>` gives them: those of the configs that name it (the
   * tool config's `sources`, else the configs beside it), at its own lines; with none, its own text's.
   */
  async function functionFileFindings(file: string, text: string, tool: LoadedToolConfig, scope: LintOptions['scope']): Promise<Diagnostic[]> {
    const dir = path.dirname(file);
    const found: Diagnostic[] = [];
    // The options of a folder's configs are one folder's (its tool config, its env files): read once.
    const optionsByFolder = new Map<string, Promise<LintOptions>>();
    const optionsOfFolder = (folder: string) => optionsByFolder.get(folder) ?? optionsByFolder.set(folder, folderOptions(folder).then((o) => o.options)).get(folder)!;
    for (const config of await configsNamingFunctionFiles(tool, [file], dir, scope)) {
      const configFile = path.resolve(dir, config);
      const open = documents.get(pathToFileURL(configFile).href);
      const read = open ? { text: open.getText() } : await readTextFile(configFile, dir, scope);
      if (!('text' in read) || read.text.length > LIVE_LIMIT_CHARS) continue;
      const options: LintOptions = { ...await optionsOfFolder(path.dirname(configFile)), discovered: true };
      const named = await namedFunctionFiles.of(configFile, read.text, options, () => functionFilesNamed(read.text, configFile, options));
      if (!named.has(file)) continue;
      const analyzed = await analyzeText(read.text, configFile, options);
      found.push(...findingsThrough(configFile, analyzed.result.diagnostics, file, path.relative(path.dirname(tool.filepath ?? file), configFile)));
    }
    return found.length > 0 ? found : functionFileAlone(text);
  }

  async function validate(document: TextDocument): Promise<void> {
    const file = pathOf(document.uri);
    if (file === null) return;
    try {
      const { options, suppress, ignored, tool } = await optionsFor(file);
      let found: Diagnostic[] = [];
      let elsewhere: Diagnostic[] = [];
      let kind: Kind | null = null;
      if (ignored) {
        // Nothing to check: the tool config ignores it (found stays empty, and clears what was shown).
      } else if (TEST_FILE.test(file)) {
        // A test file: its own checks (the cases run with `sgconf test`).
        const read = await readTestFile(document.getText(), file);
        found = testFileFindings(read);
      } else if (isFunctionFileName(file)) {
        found = await functionFileFindings(file, document.getText(), tool, options.scope);
      } else if (isConfigFileName(path.basename(file))) {
        // As the folder walk decides: a JSON or YAML file that is not a gateway config gets no findings.
        const analyzed = document.getText().length > LIVE_LIMIT_CHARS
          ? await lintInWorker(document, file, options)
          : await analyzeText(document.getText(), file, { ...options, discovered: true });
        if (analyzed === null) return; // a newer check of it replaced this one
        found = analyzed.result.diagnostics.filter((d) => !d.file);
        elsewhere = analyzed.result.diagnostics.filter((d) => d.file);
        kind = analyzed.kind;
      }
      // A newer version arrived while this one was linted: its own run reports.
      if (documents.get(document.uri)?.version !== document.version) return;
      found = suppress(found);
      await publishInFunctionFiles(document.uri, path.dirname(file), suppress(elsewhere));
      linted.set(document.uri, { version: document.version, kind, options });
      await connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: found.map(toLsp) });
    } catch (error) {
      connection.console.error(`sgconf: ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A large document, linted in a worker thread so that the server goes on answering; null if replaced. */
  function lintInWorker(document: TextDocument, file: string, options: LintOptions): Promise<{ result: { diagnostics: Diagnostic[] }; kind: Kind | null } | null> {
    checking.get(document.uri)?.terminate();
    const worker = new Worker(LINT_WORKER, { eval: true, workerData: { lintModule: packageFile('dist/lint.js').href, text: document.getText(), file, options: { ...options, discovered: true } } });
    checking.set(document.uri, worker);
    return new Promise((resolve, reject) => {
      worker.once('message', (answer: { result: { diagnostics: Diagnostic[] }; kind: Kind | null } | { error: string }) => {
        void worker.terminate();
        if ('error' in answer) reject(new Error(answer.error));
        else resolve(answer);
      });
      worker.once('error', reject);
      worker.once('exit', () => {
        if (checking.get(document.uri) === worker) checking.delete(document.uri);
        resolve(null);
      });
    });
  }

  function schedule(document: TextDocument): void {
    if (!isChecked(document.uri)) return;
    if (document.getText().length > LIVE_LIMIT_CHARS) {
      // Checked once when opened and when saved, not on every change.
      if (linted.has(document.uri) || checking.has(document.uri)) return;
      notifyLarge(document);
      void validate(document);
      return;
    }
    clearTimeout(timers.get(document.uri));
    timers.set(document.uri, setTimeout(() => {
      timers.delete(document.uri);
      void validate(document);
    }, DEBOUNCE_MS));
  }

  function notifyLarge(document: TextDocument): void {
    const megabytes = (document.getText().length / 1048576).toFixed(1);
    void connection.sendNotification('window/showMessage', {
      type: MessageType.Info,
      message: `sgconf: ${path.basename(pathOf(document.uri) ?? document.uri)} is ${megabytes} MB, too large to check while typing; it is checked now and each time it is saved.`,
    });
  }

  // Opening a document is its first change of content as well.
  documents.onDidChangeContent((event) => schedule(event.document));
  documents.onDidSave((event) => {
    if (!isChecked(event.document.uri) || event.document.getText().length <= LIVE_LIMIT_CHARS) return;
    linted.delete(event.document.uri);
    void validate(event.document);
  });
  documents.onDidClose((event) => {
    clearTimeout(timers.get(event.document.uri));
    checking.get(event.document.uri)?.terminate();
    linted.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onCodeAction(async (params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return [];
    const actions: CodeAction[] = [];
    const only = params.context.only;
    if (only?.some((kind) => FIX_ALL === kind || FIX_ALL.startsWith(`${kind}.`))) {
      // Asked for by kind (an editor's fix-all on save): this alone.
      const all = await fixAllAction(document);
      return all ? [all] : [];
    }
    const text = document.getText();
    for (const diagnostic of params.context.diagnostics) {
      const data = diagnostic.data as { fix?: Fix } | undefined;
      if (data?.fix) {
        try {
          const edit = editFor(data.fix, text, locatedFor(document));
          if (edit) {
            actions.push({
              // A client may send back only part of the diagnostic (Neovim 0.7 keeps code, range and data).
              title: `Fix: ${typeof diagnostic.message === 'string' ? diagnostic.message.split('\n')[0] : String(diagnostic.code ?? 'sgconf')}`,
              kind: CodeActionKind.QuickFix,
              diagnostics: [diagnostic],
              isPreferred: true,
              edit: { changes: { [document.uri]: [{ range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.text }] } },
            });
          }
        } catch (error) {
          connection.console.error(`sgconf: code action: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (typeof diagnostic.code === 'string') {
        actions.push({ title: `Open the docs of ${diagnostic.code}`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command: { title: 'Open the rule docs', command: OPEN_DOCS, arguments: [diagnostic.code] } });
      }
    }
    // Beside a quick fix, every safe fix of the document at once, as `sgconf lint --fix` applies them.
    if (only === undefined && actions.some((a) => a.edit)) {
      const all = await fixAllAction(document);
      if (all) actions.push(all);
    }
    return actions;
  });

  /**
   * Every safe fix of a config, applied over passes and kept only as `sgconf lint --fix` keeps them (fixText):
   * one edit of the region they change; null when none applies or the text changed meanwhile.
   */
  async function fixAllAction(document: TextDocument): Promise<CodeAction | null> {
    const state = linted.get(document.uri);
    const file = pathOf(document.uri);
    const text = document.getText();
    if (!state || state.kind === null || file === null || text.length > LIVE_LIMIT_CHARS) return null;
    const fixed = await fixText(text, file, state.options);
    if (fixed.fixed === 0 || documents.get(document.uri)?.version !== document.version) return null;
    let start = 0;
    while (start < text.length && text[start] === fixed.text[start]) start++;
    let end = 0;
    while (end < text.length - start && text[text.length - 1 - end] === fixed.text[fixed.text.length - 1 - end]) end++;
    const range = { start: document.positionAt(start), end: document.positionAt(text.length - end) };
    return {
      title: `Fix all: ${fixed.fixed} safe fix${fixed.fixed === 1 ? '' : 'es'} of sgconf`,
      kind: FIX_ALL,
      edit: { changes: { [document.uri]: [{ range, newText: fixed.text.slice(start, fixed.text.length - end) }] } },
    };
  }

  connection.onExecuteCommand(async (params) => {
    if (params.command !== OPEN_DOCS || typeof params.arguments?.[0] !== 'string') return;
    await connection.window.showDocument({ uri: ruleDocsUri(params.arguments[0]), external: false });
  });

  connection.onHover((params) => {
    const found = fieldAt(params.textDocument.uri, params.position);
    if (!found) return null;
    // An audit event id says which event it is.
    const id = isAuditEventEntry(found.pointer) ? valueAt(params.textDocument.uri, found.pointer) : undefined;
    if (typeof id === 'number') {
      const target = targetOf(params.textDocument.uri);
      const event = auditEvent(id, target);
      const text = event.known ? `${event.name}: a ${event.level === 'global' ? 'global event (set in the startup config)' : 'database event (set in a database config)'}.`
        : event.from ? `An audit event of ${event.from} and later, not of ${target}.` : `No audit event of ${target}.`;
      return { contents: { kind: MarkupKind.Markdown, value: `**${id}**\n\n${text}` } };
    }
    if (!found.schema?.description) return null;
    const name = found.pointer.slice(found.pointer.lastIndexOf('/') + 1);
    const releases = found.kind ? `\n\nKnown to Sync Gateway ${releasesKnowing(found.kind, found.pointer)}.` : '';
    return { contents: { kind: MarkupKind.Markdown, value: `**${name}**\n\n${found.schema.description}${releases}` } };
  });

  connection.onCompletion((params) => {
    const found = fieldAt(params.textDocument.uri, params.position, true);
    if (!found?.kind) return [];
    const target = targetOf(params.textDocument.uri);
    // In an audit event list: the events of its level, with their names.
    if (found.inValue && isAuditEventEntry(found.pointer)) {
      return auditEventsOf(target, found.kind === 'bootstrap' ? 'global' : 'database').map(({ id, name }) => ({ label: String(id), detail: name, kind: CompletionItemKind.Value }));
    }
    // In a scalar value being typed: the values it may take (an enumeration of the schema, the target's log keys).
    if (found.inValue) {
      const values = found.schema?.enum?.filter((v): v is string => typeof v === 'string') ?? (isLogKeyEntry(found.pointer) ? logKeysOf(target).filter((k) => k !== '') : []);
      if (values.length > 0) return values.map((value) => ({ label: value, kind: CompletionItemKind.Value }));
      // In YAML a key typed under a mapping that has none yet reads as that mapping's scalar value: its fields.
    }
    const properties = found.schema?.properties;
    if (!properties) return [];
    // Fields the target knows, and not the deprecated ones (their replacements are offered).
    const known = (name: string) => fieldKnownTo(found.kind!, `${found.pointer}/${name}`, target);
    return Object.entries(properties).filter(([name, s]) => !s.deprecated && known(name)).map(([name, s]) => ({
      label: name, kind: CompletionItemKind.Property, ...(typeof s.description === 'string' ? { documentation: s.description } : {}),
    }));
  });

  /** The release a document is judged for (its tool config's target, or the newest). */
  function targetOf(uri: string) {
    return linted.get(uri)?.options.target ?? NEWEST_RELEASE;
  }

  /** The value at a pointer of an open document, as lint read it. */
  function valueAt(uri: string, pointer: string) {
    const document = documents.get(uri);
    const located = document ? locatedFor(document) : null;
    return located ? getAtPointer(located.value, pointer) : undefined;
  }

  /** The document's text located for positions, read as lint read it; once per version. */
  function locatedFor(document: TextDocument): LocatedDocument | null {
    const state = linted.get(document.uri);
    // A large document is not parsed on the server's thread (hover and completion would hold it).
    if (!state || document.getText().length > LIVE_LIMIT_CHARS) return null;
    if (state.located?.version !== document.version) {
      const parsed = parseSource(document.getText(), pathOf(document.uri) ?? document.uri, { env: readingEnvironment(state.options), format: formatFromPath(document.uri) });
      state.located = { version: document.version, document: parsed.document };
    }
    return state.located.document;
  }

  /** The field under the cursor (or, for completion, the object the cursor is in) and its schema. */
  function fieldAt(uri: string, position: { line: number; character: number }, container = false) {
    const document = documents.get(uri);
    const state = linted.get(uri);
    if (!document || !state?.kind) return null;
    try {
      const located = locatedFor(document);
      if (!located) return null;
      const offset = document.offsetAt(position);
      // Completion's cursor usually ends the word being typed ("lo|"): the word's own place is the one before it.
      const typing = container && offset > 0 && /[\w+*.-]/.test(document.getText({ start: document.positionAt(offset - 1), end: position }));
      let pointer = located.pointerAt(typing ? offset - 1 : offset);
      let onKey = false;
      // On a key, the field is the member the key names (pointerAt finds values only).
      const around = getAtPointer(located.value, pointer);
      if (isObject(around)) {
        for (const key of Object.keys(around)) {
          const member = joinPointer(pointer, key);
          const span = located.locate(member, 'key');
          if (span && span.start <= offset && offset <= span.end) {
            pointer = member;
            onKey = true;
            break;
          }
        }
      }
      if (container) {
        // An empty YAML value ("log_level: " with the cursor after it) has no span of its own: the member whose
        // key ends the line before the cursor.
        const emptyValue = !onKey && emptyValueBefore(document, position, located);
        if (emptyValue) return { pointer: emptyValue, kind: state.kind, schema: schemaAt(state.kind, emptyValue), inValue: true };
        // Completion names keys of the object around the cursor (on a key: its siblings), or, in a string, the
        // values it may take.
        const value = getAtPointer(located.value, pointer);
        if (!onKey && (typeof value === 'string' || (typeof value === 'number' && isAuditEventEntry(pointer)))) return { pointer, kind: state.kind, schema: schemaAt(state.kind, pointer), inValue: true };
        if (onKey || !isObject(value)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      }
      return { pointer, kind: state.kind, schema: schemaAt(state.kind, pointer), inValue: false };
    } catch {
      return null;
    }
  }

  documents.listen(connection);
  connection.listen();
}


/**
 * The pointer of an empty (null) YAML value being written, whose line holds only its key and ":" ("  log_level: ")
 * or its list item's "-" ("  - ") before `position`: such a value has no span of its own.
 */
function emptyValueBefore(document: TextDocument, position: { line: number; character: number }, located: LocatedDocument): string | null {
  const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
  const member = /^(\s*(?:-\s+)?)(["']?)([^"':#]+)\2:\s*$/.exec(before);
  const item = member ? null : /^(\s*)-\s*$/.exec(before);
  if (!member && !item) return null;
  const at = document.offsetAt({ line: position.line, character: (member ?? item)![1]!.length });
  const container = located.pointerAt(at);
  const holder = getAtPointer(located.value, container);
  if (member) {
    if (!isObject(holder)) return null;
    const key = Object.keys(holder).find((k) => k === member[3]!.trim());
    return key !== undefined && holder[key] === null ? joinPointer(container, key) : null;
  }
  // The first empty item written after the "-".
  if (!Array.isArray(holder)) return null;
  const index = holder.findIndex((v, i) => v === null && (located.locate(joinPointer(container, i), 'value')?.start ?? -1) >= at);
  return index < 0 ? null : joinPointer(container, index);
}

/**
 * The file a URI names, or null for one that names no local file: another scheme, a host
 * (`file://server/share/...`), an encoded "/" in a segment. Such documents are left alone.
 */
function pathOf(uri: string): string | null {
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

// Runs in a worker: one lint of a large document, the result sent back as data.
const LINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.lintModule)
  .then((lint) => lint.analyzeText(workerData.text, workerData.file, workerData.options))
  .then((analyzed) => parentPort.postMessage({ result: { diagnostics: analyzed.result.diagnostics }, kind: analyzed.kind }))
  .catch((error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }));
`;

function ruleDocsUri(rule: string): string {
  return docsUrl(`docs/rules/${rule}.md`);
}

function toLsp(d: Diagnostic): LspDiagnostic {
  return {
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    severity: SEVERITY[d.severity],
    source: 'sgconf',
    code: d.rule,
    codeDescription: { href: ruleDocsUri(d.rule) },
    message: d.detail ? `${d.message}\n${d.detail}` : d.message,
    ...(d.fix ? { data: { fix: d.fix } } : {}),
  };
}
