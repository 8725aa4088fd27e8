import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * Read-only resources a server offers (the workspace's files). Contract:
 * `read` enforces its own confinement on every call, whatever `list` said
 * (a client may ask for any URI), and throws {@link ResourceRefused} for a
 * URI it will not serve.
 */
export interface ResourceSource {
  list(): Promise<readonly Resource[]>;
  read(uri: string): Promise<ReadResourceResult['contents']>;
}

/** A resource that is not there (`notFound`: JSON-RPC -32002) or not served (-32602). */
export class ResourceRefused extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
    this.name = 'ResourceRefused';
  }
}

/** Adds `resources/list` and `resources/read` over `source`; a refusal is a JSON-RPC error, never contents. */
export function serveResources(server: Server, source: ResourceSource): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [...(await source.list())],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    try {
      return { contents: await source.read(request.params.uri) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ResourceRefused)
        throw new McpError(error.notFound ? -32002 : ErrorCode.InvalidParams, message, {
          uri: request.params.uri,
        });
      throw new McpError(ErrorCode.InternalError, message);
    }
  });
}
