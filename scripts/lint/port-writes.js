// ESLint rule `safeplace/no-port-writes`: a view-model reads through ports but writes only through use cases.
//
// A port is an interface (or an object type) declared under src/application/; its methods (and function-typed
// properties) are what it offers. A port method is a read when its
// declaration carries the JSDoc tag `@read`; every other port method is a write. In the files the rule is given (the
// UI's view-models and the helpers they use), naming a port method that is not a read refuses the file: a call
// (`this.api.save(x)`), a method handed on (`new PagedList(this.api.save)`) or one taken out by destructuring
// (`const { save } = this.api`). Calls of use cases (classes) and of anything declared outside src/application are
// not port calls. Type information (the project's own tsconfig) resolves each name to its declaration, so an alias of
// the port or a port reached through another object is seen the same.
import path from 'node:path';
import ts from 'typescript';
import { ESLint, tseslint } from './plugins.js';

const APPLICATION = `${path.sep}src${path.sep}application${path.sep}`;

/** The port (interface or object type in src/application) that declares this member, or null when it is no port's. */
function portOf(declaration) {
  const method =
    ts.isMethodSignature(declaration) ||
    (ts.isPropertySignature(declaration) && declaration.type !== undefined && ts.isFunctionTypeNode(declaration.type));
  if (!method) return null;
  const owner = declaration.parent;
  if (!ts.isInterfaceDeclaration(owner) && !ts.isTypeLiteralNode(owner)) return null;
  const file = path.resolve(declaration.getSourceFile().fileName);
  if (!file.includes(APPLICATION)) return null;
  if (ts.isInterfaceDeclaration(owner)) return owner.name.text;
  const alias = ts.findAncestor(owner, ts.isTypeAliasDeclaration);
  return alias ? alias.name.text : 'a port';
}

const isRead = (declaration) => ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'read');

/** The write this property symbol names, as `Port.method`, or null when it is a read or no port's. */
function writeOf(symbol) {
  if (!symbol) return null;
  const declarations = symbol.getDeclarations() ?? [];
  for (const declaration of declarations) {
    const port = portOf(declaration);
    if (port && !isRead(declaration)) return `${port}.${symbol.getName()}`;
  }
  return null;
}

export const noPortWrites = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A view-model writes only through a use case; it may call only the reads (`@read`) of a port.',
    },
    messages: {
      write:
        '{{method}} is a write (its port method has no `@read` tag): call it from a use case in src/application and have the view-model call the use case.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program)
      throw new Error('safeplace/no-port-writes needs type information (parserOptions.projectService).');
    const checker = services.program.getTypeChecker();
    const toTs = (node) => services.esTreeNodeToTSNodeMap.get(node);
    const report = (node, method) => context.report({ node, messageId: 'write', data: { method } });
    return {
      MemberExpression(node) {
        const access = toTs(node);
        const name = ts.isPropertyAccessExpression(access) ? access.name : access.argumentExpression;
        if (!name) return;
        const method = writeOf(checker.getSymbolAtLocation(name));
        if (method) report(node.property, method);
      },
      'VariableDeclarator > ObjectPattern, AssignmentExpression > ObjectPattern'(pattern) {
        const source = pattern.parent.init ?? pattern.parent.right;
        if (!source) return;
        const type = checker.getTypeAtLocation(toTs(source));
        for (const property of pattern.properties) {
          if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
          const method = writeOf(type.getProperty(property.key.name));
          if (method) report(property.key, method);
        }
      },
    };
  },
};

export const safeplacePlugin = { rules: { 'no-port-writes': noPortWrites } };

/** The rule as eslint.config.js applies it: every file of the UI (view-models and the helpers they use). */
export const portWritesConfig = {
  files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
  plugins: { safeplace: safeplacePlugin },
  rules: { 'safeplace/no-port-writes': 'error' },
};

/** The rule alone over a tree shaped like the project's (its own tsconfig.json): `file:line message` per problem. */
export async function checkPortWrites(root) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: root } },
      },
      portWritesConfig,
    ],
  });
  const results = await eslint.lintFiles(['src']);
  const problems = results.flatMap((result) =>
    result.messages.map((m) => `${path.relative(root, result.filePath)}:${m.line} ${m.message}`),
  );
  return { ok: problems.length === 0, problems };
}
