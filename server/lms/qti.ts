import { XMLParser, XMLValidator } from 'fast-xml-parser';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { type difficulties, joinOptionLines, optionLines, type QuestionType } from '../../contracts/lms-constants.js';
import { AppError } from '../platform/errors.js';

/*
 * IMS QTI 3.0 content packages (docs/question-formats.md, "QTI 3.0"): a zip with `imsmanifest.xml`
 * at its top and one `qti-assessment-item` per question. The bank writes its single choice,
 * true/false and multiple response questions as `qti-choice-interaction` items, with the
 * explanation as the item's modal feedback and the profession, topic and difficulty in each
 * resource's LOM metadata; it reads the same from any tool, item by item: an item it cannot store
 * as the tool means it (another interaction, an image, partial credit in a single choice, a
 * feedback block) is refused naming the item, its file and why.
 *
 * Reading runs in the import's worker thread (question-import-task.ts) under the limits below, so a
 * zip bomb, a path out of the package or a million entries is refused before it costs anything.
 */

/** Limits of a package, checked from the zip's directory before anything is inflated. */
export const QTI_LIMITS = {
  /** Entries in the zip (files and folders); an item per question and some media leave ample room. */
  entries: 20_000,
  /** The sizes of every entry added up, as the zip declares them (yauzl refuses an entry that inflates to more). */
  totalUncompressedBytes: 100 * 1024 * 1024,
  /** One XML file read (the manifest, an item): far above any question the bank takes. */
  fileBytes: 5 * 1024 * 1024,
} as const;

export const QTI_ITEM_TYPE = 'imsqti_item_xmlv3p0';
const ASI_NAMESPACE = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const ASI_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd';
const CP_NAMESPACE = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const CP_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';
const LOM_NAMESPACE = 'http://ltsc.ieee.org/xsd/LOM';
const QTI_METADATA_NAMESPACE = 'http://www.imsglobal.org/xsd/imsqti_metadata_v3p0';
/** The LOM classification sources the bank writes its profession and topic under. */
const PROFESSION_SOURCE = 'Pathway profession';
const TOPIC_SOURCE = 'Pathway topic';
/** The bank's difficulty as LOM's educational difficulty (LOMv1.0 vocabulary), and back. */
const LOM_DIFFICULTY = { easy: 'easy', medium: 'medium', hard: 'difficult' } as const;
const DIFFICULTY_OF_LOM: Record<string, (typeof difficulties)[number]> = {
  'very easy': 'easy',
  easy: 'easy',
  medium: 'medium',
  difficult: 'hard',
  'very difficult': 'hard',
};
const EXPLANATION_ID = 'EXPLANATION';

/** The question types a QTI package carries: the ones a learner answers by choosing. */
export const qtiQuestionTypes: readonly QuestionType[] = ['multiple-choice', 'multiple-response'];

// ---- Writing

export type QtiQuestion = {
  id: number;
  question: string;
  questionType: QuestionType;
  options: string[];
  correctAnswer: string;
  explanation: string;
  profession: string;
  difficulty: string;
  topic: string;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stored text as XHTML the reader below gives back unchanged: each line break a `<br/>`, spaces as written. */
const textXml = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(escapeXml)
    .join('<br/>');

const itemIdentifier = (id: number) => `pathway-question-${id}`;
const choiceIdentifier = (index: number) => `CHOICE_${index + 1}`;

/** One question as a QTI 3.0 assessment item (a choice interaction scored all or nothing, the explanation as modal feedback). */
export function qtiItemXml(q: QtiQuestion): string {
  const multiple = q.questionType === 'multiple-response';
  const right = new Set((multiple ? optionLines(q.correctAnswer) : [q.correctAnswer]).map((r) => r.toLowerCase()));
  const correct = q.options.flatMap((option, i) => (right.has(option.toLowerCase()) ? [choiceIdentifier(i)] : []));
  const title = q.question.split(/\r\n|\r|\n/)[0]?.slice(0, 200) ?? '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${ASI_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${ASI_NAMESPACE} ${ASI_SCHEMA}" identifier="${itemIdentifier(q.id)}" title="${escapeXml(title)}" adaptive="false" time-dependent="false" tool-name="Pathway">
  <qti-response-declaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" base-type="identifier">
    <qti-correct-response>
${correct.map((id) => `      <qti-value>${id}</qti-value>`).join('\n')}
    </qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float">
    <qti-default-value><qti-value>0</qti-value></qti-default-value>
  </qti-outcome-declaration>
  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${multiple ? 0 : 1}">
      <qti-prompt>${textXml(q.question)}</qti-prompt>
${q.options.map((option, i) => `      <qti-simple-choice identifier="${choiceIdentifier(i)}">${textXml(option)}</qti-simple-choice>`).join('\n')}
    </qti-choice-interaction>
  </qti-item-body>
  <qti-response-processing>
    <qti-response-condition>
      <qti-response-if>
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
      </qti-response-if>
    </qti-response-condition>
    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">${EXPLANATION_ID}</qti-base-value></qti-set-outcome-value>
  </qti-response-processing>
  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${EXPLANATION_ID}" show-hide="show" title="Explanation">
    <qti-content-body><p>${textXml(q.explanation)}</p></qti-content-body>
  </qti-modal-feedback>
</qti-assessment-item>
`;
}

const itemPath = (id: number) => `items/${itemIdentifier(id)}.xml`;

const lomString = (text: string) => `<lom:string>${escapeXml(text)}</lom:string>`;
const taxonPath = (source: string, entry: string) =>
  `<lom:taxonPath><lom:source>${lomString(source)}</lom:source><lom:taxon><lom:entry>${lomString(entry)}</lom:entry></lom:taxon></lom:taxonPath>`;

/** The package's manifest: one item resource per question, with its profession, topic and difficulty in LOM. */
export function qtiManifestXml(questions: readonly QtiQuestion[]): string {
  const resources = questions.map((q) => {
    const path = itemPath(q.id);
    const difficulty = LOM_DIFFICULTY[q.difficulty as keyof typeof LOM_DIFFICULTY] ?? 'medium';
    return `    <resource identifier="${itemIdentifier(q.id)}" type="${QTI_ITEM_TYPE}" href="${path}">
      <metadata>
        <qti:qtiMetadata><qti:interactionType>choiceInteraction</qti:interactionType><qti:toolName>Pathway</qti:toolName></qti:qtiMetadata>
        <lom:lom>
          <lom:educational><lom:difficulty><lom:source>LOMv1.0</lom:source><lom:value>${difficulty}</lom:value></lom:difficulty></lom:educational>
          <lom:classification>
            <lom:purpose><lom:source>LOMv1.0</lom:source><lom:value>discipline</lom:value></lom:purpose>
            ${taxonPath(PROFESSION_SOURCE, q.profession)}${q.topic ? taxonPath(TOPIC_SOURCE, q.topic) : ''}
          </lom:classification>
        </lom:lom>
      </metadata>
      <file href="${path}"/>
    </resource>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="${CP_NAMESPACE}" xmlns:lom="${LOM_NAMESPACE}" xmlns:qti="${QTI_METADATA_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${CP_NAMESPACE} ${CP_SCHEMA}" identifier="pathway-question-bank">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
  </metadata>
  <organizations/>
  <resources>
${resources.join('\n')}
  </resources>
</manifest>
`;
}

/** The questions as a QTI 3.0 content package (a zip). */
export function writeQtiPackage(questions: readonly QtiQuestion[], now: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const options = { mtime: now };
  zip.addBuffer(Buffer.from(qtiManifestXml(questions)), 'imsmanifest.xml', options);
  for (const q of questions) zip.addBuffer(Buffer.from(qtiItemXml(q)), itemPath(q.id), options);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

// ---- Reading the zip

/** A whole package refused (not a zip, past a limit, a path out of the package): 400 with one sentence. */
const packageRefused = (why: string) => new AppError(400, `The QTI package could not be read: ${why}`);

type ZipEntries = { zip: yauzl.ZipFile; files: Map<string, yauzl.Entry> };

function openZip(bytes: Buffer): Promise<ZipEntries> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip)
        return reject(
          packageRefused(
            'it is not a zip file. A QTI 3.0 package is a .zip with imsmanifest.xml at its top (export it again, or zip the folder that holds imsmanifest.xml).',
          ),
        );
      if (zip.entryCount > QTI_LIMITS.entries) {
        zip.close();
        return reject(
          packageRefused(
            `it holds ${zip.entryCount.toLocaleString('en')} files, more than the ${QTI_LIMITS.entries.toLocaleString('en')} a package may hold. Split it into smaller packages.`,
          ),
        );
      }
      const files = new Map<string, yauzl.Entry>();
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > QTI_LIMITS.totalUncompressedBytes) {
          zip.close();
          return reject(
            packageRefused(
              `its files add up to more than ${QTI_LIMITS.totalUncompressedBytes / 1024 / 1024} MB once unpacked. Split it into smaller packages.`,
            ),
          );
        }
        if (!entry.fileName.endsWith('/')) files.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, files }));
      // yauzl names the entry: an absolute path, a ../ out of the package, a backslash, a broken directory.
      zip.on('error', (cause: Error) =>
        reject(packageRefused(`${cause.message}. A package keeps every file inside its own folders.`)),
      );
      zip.readEntry();
    });
  });
}

function readEntry({ zip }: ZipEntries, entry: yauzl.Entry): Promise<Buffer> {
  if (entry.uncompressedSize > QTI_LIMITS.fileBytes)
    return Promise.reject(
      new QtiRefusal(
        `${entry.fileName} is ${(entry.uncompressedSize / 1024 / 1024).toFixed(1)} MB, more than the ${QTI_LIMITS.fileBytes / 1024 / 1024} MB a QTI file may be`,
      ),
    );
  if (entry.isEncrypted()) return Promise.reject(new QtiRefusal(`${entry.fileName} is encrypted`));
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new QtiRefusal(`${entry.fileName} could not be unpacked: ${error?.message}`));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (cause: Error) =>
        reject(new QtiRefusal(`${entry.fileName} could not be unpacked: ${cause.message}`)),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

// ---- Reading XML

/** A node as fast-xml-parser gives it with `preserveOrder`: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // QTI items are written with and without a prefix for their namespace (`qti:`, `imsqti:`).
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Numeric character references (&#1605;) as the characters they name.
  htmlEntities: true,
});

/** An item refused: the sentence says why. */
class QtiRefusal extends Error {}

const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@') ?? '';
const childrenOf = (node: XmlNode) => (Array.isArray(node[tagOf(node)]) ? (node[tagOf(node)] as XmlNode[]) : []);
const attrsOf = (node: XmlNode) => (node[':@'] ?? {}) as Record<string, string>;
const isText = (node: XmlNode) => '#text' in node;
const elements = (nodes: XmlNode[]) => nodes.filter((n) => !isText(n) && !tagOf(n).startsWith('?'));
const childNamed = (node: XmlNode, tag: string) => elements(childrenOf(node)).find((n) => tagOf(n) === tag);
const childrenNamed = (node: XmlNode, tag: string) => elements(childrenOf(node)).filter((n) => tagOf(n) === tag);
/** Every descendant element named `tag`, in document order. */
function descendants(nodes: XmlNode[], tag: string): XmlNode[] {
  return elements(nodes).flatMap((n) => [...(tagOf(n) === tag ? [n] : []), ...descendants(childrenOf(n), tag)]);
}
/** The text inside an element, entities decoded, whitespace as written. */
const rawText = (node: XmlNode): string =>
  childrenOf(node)
    .map((n) => (isText(n) ? String(n['#text']) : rawText(n)))
    .join('');

/** The root element of an XML file, or a refusal naming the file, line and cause. */
function parseXml(bytes: Buffer, file: string): XmlNode {
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new QtiRefusal(`${file} is not UTF-8 text; QTI files are UTF-8 XML`);
  }
  // A document type can declare entities that expand without end, or pull in other files: QTI 3.0 uses none.
  if (/<!DOCTYPE/i.test(xml))
    throw new QtiRefusal(`${file} declares a document type (<!DOCTYPE>), which QTI 3.0 files do not`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new QtiRefusal(`${file} is not well-formed XML: line ${valid.err.line}: ${valid.err.msg}`);
  const root = elements(parser.parse(xml) as XmlNode[])[0];
  if (!root) throw new QtiRefusal(`${file} holds no XML element`);
  return root;
}

// ---- XHTML content as the bank's plain text

const BLOCKS = new Set([
  'p',
  'div',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'caption',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'figure',
  'figcaption',
  'address',
  'hr',
  'qti-content-body',
]);
const INLINE = new Set([
  'span',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'small',
  'big',
  'sub',
  'sup',
  'code',
  'kbd',
  'samp',
  'var',
  'abbr',
  'acronym',
  'cite',
  'dfn',
  'q',
  'bdo',
  'bdi',
  'label',
  'tt',
  'ins',
  'del',
  'mark',
  'time',
  'ruby',
  'rb',
  'rt',
  'rp',
  'wbr',
]);
const PICTURES = new Set(['img', 'object', 'picture', 'svg', 'video', 'audio', 'iframe', 'embed', 'canvas']);
/** Whitespace of the file's layout (a line break and its indentation), which XHTML shows as one space at most. */
const LAYOUT = '\u0000';

/**
 * XHTML content as the plain text a reader sees (the bank's texts are plain): a line break where
 * `<br/>` or a block is; spaces as written, except the file's own line breaks and indentation,
 * which count as one space as in a browser; a link's address beside its words; table cells
 * separated by `|`. A picture, formula or QTI element the bank cannot show refuses the item.
 */
export function contentText(nodes: XmlNode[]): string {
  let out = '';
  const newline = () => {
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  const walk = (list: XmlNode[]) => {
    for (const node of list) {
      if (isText(node)) {
        out += String(node['#text']).replace(/[ \t]*[\r\n][\s]*/g, LAYOUT);
        continue;
      }
      const tag = tagOf(node);
      if (tag.startsWith('?')) continue;
      const attrs = attrsOf(node);
      if (PICTURES.has(tag))
        throw new QtiRefusal(
          `Pictures are not imported: this text shows ${tag === 'img' ? `the image ${attrs.src ?? ''}` : `a <${tag}>`}; put the picture into words or leave the item out`,
        );
      if (tag === 'math')
        throw new QtiRefusal('Formulas (MathML) are not imported: write the formula as text or leave the item out');
      if (tag === 'br') out += '\n';
      else if (tag === 'a') {
        const words = contentText(childrenOf(node));
        const href = attrs.href ?? '';
        out += href && words !== href ? (words ? `${words} (${href})` : href) : words;
      } else if (tag === 'td' || tag === 'th') {
        if (out !== '' && !out.endsWith('\n')) out += ' | ';
        walk(childrenOf(node));
      } else if (tag === 'li') {
        newline();
        out += '- ';
        walk(childrenOf(node));
        newline();
      } else if (BLOCKS.has(tag)) {
        newline();
        walk(childrenOf(node));
        newline();
      } else if (INLINE.has(tag)) walk(childrenOf(node));
      else if (tag.startsWith('qti-'))
        throw new QtiRefusal(`<${tag}> is not imported: the bank's questions are plain text with one interaction`);
      else walk(childrenOf(node));
    }
  };
  walk(nodes);
  return out
    .replace(new RegExp(`${LAYOUT}+`, 'g'), LAYOUT)
    .replace(new RegExp(`(^|\\n)${LAYOUT}|${LAYOUT}(?=\\n|$)`, 'g'), '$1')
    .replace(new RegExp(` ${LAYOUT}|${LAYOUT}(?= )`, 'g'), ' ')
    .replace(new RegExp(LAYOUT, 'g'), ' ')
    .replace(/\n+$/, '')
    .replace(/^\n+/, '');
}

// ---- Reading items

/** An item read into the add form's fields (profession and difficulty from the manifest, if it says). */
export type QtiItem = {
  question: string;
  question_type: QuestionType;
  options: string[];
  correct_answer: string;
  explanation: string;
};

const interactionName = (tag: string) => {
  const words = tag
    .replace(/^qti-/, '')
    .replace(/-interaction$/, '')
    .split('-');
  const name = words.join(' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};
const OFFERED = 'the bank takes single choice, true/false and multiple response (qti-choice-interaction)';

/** One `qti-assessment-item` as a question of the bank, or a refusal naming why. */
export function readQtiItem(root: XmlNode): QtiItem {
  const rootTag = tagOf(root);
  if (rootTag === 'assessmentItem')
    throw new QtiRefusal('This is a QTI 2 item (assessmentItem): export the package as QTI 3.0');
  if (rootTag !== 'qti-assessment-item')
    throw new QtiRefusal(`The file's root is <${rootTag}>, not a QTI 3.0 item (<qti-assessment-item>)`);
  if (attrsOf(root).adaptive === 'true')
    throw new QtiRefusal('Adaptive items (adaptive="true") are not offered: the bank asks each question once');
  if (childNamed(root, 'qti-template-declaration'))
    throw new QtiRefusal(
      'Items with template variables (qti-template-declaration) are not offered: each question is fixed',
    );
  const body = childNamed(root, 'qti-item-body');
  if (!body) throw new QtiRefusal('The item has no qti-item-body');
  const found = findInteractions(childrenOf(body));
  if (found.length === 0) throw new QtiRefusal('The item has no interaction: nothing to answer');
  if (found.length > 1)
    throw new QtiRefusal(
      `The item has ${found.length} interactions (${found.map((f) => tagOf(f)).join(', ')}); a question of the bank has one`,
    );
  const interaction = found[0] as XmlNode;
  const interactionTag = tagOf(interaction);
  if (interactionTag !== 'qti-choice-interaction')
    throw new QtiRefusal(`${interactionName(interactionTag)} items (${interactionTag}) are not offered: ${OFFERED}`);

  const attrs = attrsOf(interaction);
  const responseId = attrs['response-identifier'] ?? '';
  const declaration = childrenNamed(root, 'qti-response-declaration').find((d) => attrsOf(d).identifier === responseId);
  if (!declaration) throw new QtiRefusal(`The item declares no response ${responseId} for its choices`);
  const cardinality = attrsOf(declaration).cardinality ?? 'single';
  const maxChoices = Number(attrs['max-choices'] ?? 1);
  const multiple = cardinality !== 'single' || maxChoices !== 1;

  const choices = childrenNamed(interaction, 'qti-simple-choice').map((choice) => ({
    id: attrsOf(choice).identifier ?? '',
    text: contentText(childrenOf(choice)),
  }));
  const textOf = (id: string) => choices.find((c) => c.id === id)?.text;
  const correctIds = descendants(childrenNamed(declaration, 'qti-correct-response'), 'qti-value').map((v) =>
    rawText(v).trim(),
  );
  if (correctIds.length === 0)
    throw new QtiRefusal('No right answer: the item declares no qti-correct-response for its choices');
  const unknown = correctIds.find((id) => textOf(id) === undefined);
  if (unknown !== undefined) throw new QtiRefusal(`The right answer ${unknown} is not one of the item's choices`);
  // A mapping that gives a wrong choice some credit is partial credit, which a single choice cannot keep.
  const credited = childrenNamed(declaration, 'qti-mapping').flatMap((mapping) =>
    childrenNamed(mapping, 'qti-map-entry').filter(
      (entry) => Number(attrsOf(entry)['mapped-value']) > 0 && !correctIds.includes(attrsOf(entry)['map-key'] ?? ''),
    ),
  );
  if (!multiple) {
    if (correctIds.length > 1)
      throw new QtiRefusal(
        `A single choice item may have one right answer; this one has ${correctIds.length} (make it multiple response: cardinality="multiple")`,
      );
    const partial = credited[0];
    if (partial)
      throw new QtiRefusal(
        `Partial credit (${attrsOf(partial)['mapped-value']} for "${textOf(attrsOf(partial)['map-key'] ?? '') ?? attrsOf(partial)['map-key']}") is not offered: a single choice question scores all or nothing`,
      );
  }
  const correct = correctIds.map((id) => textOf(id) ?? '');

  // The question: the item body's text around the interaction, then the interaction's prompt.
  const prompt = childNamed(interaction, 'qti-prompt');
  const around = contentText(childrenOf(body).filter((n) => n !== interaction && !containsNode(n, interaction)));
  const nested = nestedText(childrenOf(body), interaction);
  const question = [around || nested, prompt ? contentText(childrenOf(prompt)) : ''].filter(Boolean).join('\n');
  if (!question) throw new QtiRefusal('The question text is missing: the item body and the prompt hold no text');

  const feedbacks = childrenNamed(root, 'qti-modal-feedback').map((feedback) => ({
    label: attrsOf(feedback).title || attrsOf(feedback).identifier || '',
    text: contentText(childrenOf(feedback)),
  }));
  const explanation =
    feedbacks.length === 1
      ? (feedbacks[0]?.text ?? '')
      : feedbacks
          .filter((f) => f.text)
          .map((f) => (f.label ? `${f.label}: ${f.text}` : f.text))
          .join('\n\n');

  return {
    question,
    question_type: multiple ? 'multiple-response' : 'multiple-choice',
    options: choices.map((c) => c.text),
    correct_answer: multiple ? joinOptionLines(correct) : (correct[0] ?? ''),
    explanation: explanation || `The correct answer is: ${correct.join(', ')}`,
  };
}

/** Every interaction element in the body, in document order (nested inside blocks or not). */
function findInteractions(nodes: XmlNode[]): XmlNode[] {
  return elements(nodes).flatMap((n) => (/-interaction$/.test(tagOf(n)) ? [n] : findInteractions(childrenOf(n))));
}
function containsNode(node: XmlNode, target: XmlNode): boolean {
  return elements(childrenOf(node)).some((child) => child === target || containsNode(child, target));
}
/** The text of the blocks that hold the interaction, the interaction itself left out (an interaction inside a <div>). */
function nestedText(nodes: XmlNode[], interaction: XmlNode): string {
  const holder = elements(nodes).find((n) => containsNode(n, interaction));
  if (!holder) return '';
  const prune = (list: XmlNode[]): XmlNode[] =>
    list
      .filter((n) => n !== interaction)
      .map((n) => (isText(n) || !containsNode(n, interaction) ? n : { ...n, [tagOf(n)]: prune(childrenOf(n)) }));
  return contentText(prune(childrenOf(holder)));
}

// ---- Reading a package

export type QtiPackageItem = {
  /** The item's place among the manifest's items, from 1. */
  at: number;
  file: string;
  item?: QtiItem;
  profession?: string;
  difficulty?: string;
  topic?: string;
  error?: string;
};

/** The manifest's folder in the zip: its top, or the one folder a zipped folder puts everything in. */
function manifestPath(files: Map<string, yauzl.Entry>): string {
  if (files.has('imsmanifest.xml')) return 'imsmanifest.xml';
  const nested = [...files.keys()].filter((name) => /^[^/]+\/imsmanifest\.xml$/.test(name));
  if (nested.length === 1) return nested[0] as string;
  throw packageRefused(
    'imsmanifest.xml is not at the top of the zip. A QTI 3.0 package lists its items in imsmanifest.xml (export it again, or zip the folder that holds imsmanifest.xml).',
  );
}

/** A manifest's href as the zip entry it names, or null when it leaves the package. */
function resolveHref(base: string, href: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(href.split('#')[0] ?? '');
  } catch {
    return null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.includes('\\')) return null;
  const parts: string[] = base ? base.split('/') : [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The profession, topic and difficulty a resource's LOM metadata gives (the bank's export writes them). */
function resourceMetadata(resource: XmlNode): { profession?: string; topic?: string; difficulty?: string } {
  const lom = descendants(childrenNamed(resource, 'metadata'), 'lom')[0];
  if (!lom) return {};
  const found: { profession?: string; topic?: string; difficulty?: string } = {};
  for (const path of descendants([lom], 'taxonPath')) {
    const source = rawText(childNamed(path, 'source') ?? {}).trim();
    const entry = descendants(childrenNamed(path, 'taxon'), 'entry')[0];
    const value = entry ? rawText(entry).trim() : '';
    if (source === PROFESSION_SOURCE) found.profession = value;
    if (source === TOPIC_SOURCE) found.topic = value;
  }
  const difficulty = descendants(childrenNamed(lom, 'educational'), 'difficulty')[0];
  const value = difficulty
    ? rawText(childNamed(difficulty, 'value') ?? {})
        .trim()
        .toLowerCase()
    : '';
  if (value) {
    const mapped = DIFFICULTY_OF_LOM[value];
    if (mapped) found.difficulty = mapped;
  }
  return found;
}

/**
 * The items of a QTI 3.0 package, each read or refused on its own. The package as a whole is
 * refused (an AppError) when it is not a zip, passes a limit, has a path out of itself or no
 * manifest; `maxItems` refuses a package with more items than an import takes.
 */
export async function readQtiPackage(bytes: Uint8Array, maxItems: number): Promise<QtiPackageItem[]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await openZip(buffer);
  try {
    const manifestFile = manifestPath(zip.files);
    const base = manifestFile.includes('/') ? manifestFile.slice(0, manifestFile.lastIndexOf('/')) : '';
    let manifest: XmlNode;
    try {
      manifest = parseXml(await readEntry(zip, zip.files.get(manifestFile) as yauzl.Entry), manifestFile);
    } catch (error) {
      if (error instanceof QtiRefusal) throw packageRefused(error.message);
      throw error;
    }
    if (tagOf(manifest) !== 'manifest') throw packageRefused(`${manifestFile} is not a content package manifest`);
    const resources = childrenNamed(childNamed(manifest, 'resources') ?? {}, 'resource');
    const items = resources.filter((r) => /^imsqti_item_xmlv/.test(attrsOf(r).type ?? ''));
    if (items.length === 0)
      throw packageRefused(
        `${manifestFile} lists no items (resources of type ${QTI_ITEM_TYPE}); a QTI 3.0 package lists each question's item`,
      );
    if (items.length > maxItems)
      throw packageRefused(`it holds ${items.length} items, more than the ${maxItems} an import takes. Split it.`);
    const read: QtiPackageItem[] = [];
    for (const [index, resource] of items.entries()) {
      const at = index + 1;
      const attrs = attrsOf(resource);
      const href = attrs.href ?? attrsOf(childNamed(resource, 'file') ?? {}).href ?? '';
      const file = resolveHref(base, href);
      const named = file ?? href;
      try {
        if (attrs.type !== QTI_ITEM_TYPE)
          throw new QtiRefusal(
            `This item is ${attrs.type} (QTI ${(attrs.type ?? '').replace(/^imsqti_item_xmlv/, '').replace('p', '.')}); the bank reads QTI 3.0 items (${QTI_ITEM_TYPE}): export the package as QTI 3.0`,
          );
        if (!href) throw new QtiRefusal('The manifest names no file for this item');
        if (file === null) throw new QtiRefusal(`The item's file ${href} is outside the package`);
        const entry = zip.files.get(file);
        if (!entry) throw new QtiRefusal(`The manifest names ${file}, which is not in the zip`);
        const item = readQtiItem(parseXml(await readEntry(zip, entry), file));
        read.push({ at, file, item, ...resourceMetadata(resource) });
      } catch (error) {
        if (!(error instanceof QtiRefusal)) throw error;
        read.push({ at, file: named, error: error.message });
      }
    }
    return read;
  } finally {
    zip.zip.close();
  }
}
