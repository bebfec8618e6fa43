import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Engine } from '../../../engine/index.js';

/** What a token must hold to call a tool over HTTP: read, write, or answer reviews. */
export type ToolScope = 'read' | 'write' | 'review';

/** The fields of one MCP tool that do not depend on its argument types. */
interface ToolBase<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  /** The snake_case name hosts show (`mcp__verity__<name>`). */
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /**
   * When a model should call the tool, starting "Call …". It must not repeat the schema: the
   * arguments describe themselves.
   */
  readonly description: string;
  /** Input shape; every tool is strict (unknown arguments are refused). */
  readonly input: I;
  /** Output shape: validates `structuredContent` on every call; advertised in compact form. */
  readonly output: O;
  /**
   * Scope an HTTP token needs. `read` tools are advertised as read-only; the others change
   * state (append to the ledger), never destructively unless `destructive` is set.
   */
  readonly scope: ToolScope;
  /** A second identical call changes nothing more (only meaningful for non-read tools). */
  readonly idempotent?: boolean;
  /** The call deletes or redacts something that cannot be restored. */
  readonly destructive?: boolean;
  /**
   * Tokens limited to some entities must name one in the arguments: the tool's answer could
   * otherwise span entities it cannot check.
   */
  readonly restrictedNeedsEntity?: boolean;
  /**
   * The call acts on what belongs to no entity (the workspace's MEMORY.md and REVIEW.md): tokens
   * limited to some entities are refused, as the HTTP routes marked `allEntities` refuse them.
   */
  readonly allEntities?: true;
  /**
   * The entities owning what the call targets besides the `entity_id` arguments (e.g. the entity
   * of the review prompt being answered), for the entity allow-list of restricted tokens.
   */
  readonly targetEntities?: (args: Record<string, unknown>, engine: Engine) => Promise<string[]>;
}

/** A tool's own output shape, for its handler to answer through. */
export interface ToolAnswer<O extends z.ZodRawShape> {
  /**
   * `value` in the advertised output shape: validated, with fields the shape does not name
   * dropped (engine views carry more than a tool advertises). Throws on a value that breaks it.
   */
  parse(value: unknown): z.infer<z.ZodObject<O>>;
  /** A successful result whose structured content is `parse(value)`; `text` may read it. */
  reply(
    value: unknown,
    text: string | ((structured: z.infer<z.ZodObject<O>>) => string),
  ): CallToolResult;
}

/** One MCP tool, as written in its own file under `tools/`: typed arguments. */
export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodRawShape> extends ToolBase<I, O> {
  /**
   * Runs the call; throws `EngineError` for expected failures (mapped to tool errors). `answer`
   * parses and replies in the tool's own output shape.
   */
  readonly handler: (
    args: z.infer<z.ZodObject<I>>,
    engine: Engine,
    answer: ToolAnswer<O>,
  ) => Promise<CallToolResult>;
}

/** One MCP tool with its argument types erased, as `MCP_TOOLS` lists it. */
export interface McpTool extends ToolBase<z.ZodRawShape, z.ZodRawShape> {
  /** Runs the call with arguments the SDK already validated against `input`. */
  readonly handler: (args: Record<string, unknown>, engine: Engine) => Promise<CallToolResult>;
}

/** Types a tool's handler against its own input and output shapes, then erases them for the list. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  spec: ToolSpec<I, O>,
): McpTool {
  const schema = z.object(spec.output);
  const answer: ToolAnswer<O> = {
    parse: (value) => schema.parse(value),
    reply: (value, text) => {
      const structured = schema.parse(value);
      return reply(structured, typeof text === 'string' ? text : text(structured));
    },
  };
  return {
    ...spec,
    // The SDK parses the arguments with `input` before calling the handler, so the cast holds.
    handler: (args, engine) => spec.handler(args as z.infer<z.ZodObject<I>>, engine, answer),
  };
}

/** A successful result: structured content plus one text block for the model. */
export function reply(structuredContent: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent, content: [{ type: 'text', text }] };
}
