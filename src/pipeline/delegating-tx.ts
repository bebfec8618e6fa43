import { QueryWriteTx, type WriteTx } from '../stores/index.js';

/**
 * A write transaction that hands every call to another one, through the stores layer's own
 * forwarding (`QueryWriteTx`). The pipeline's wrappers (the slot and meta cache, the entity-scope
 * guard) extend it and override only the calls they change.
 */
export abstract class DelegatingTx extends QueryWriteTx<WriteTx, WriteTx> {
  /** The transaction every call not overridden goes to. */
  protected readonly inner: WriteTx;

  constructor(inner: WriteTx) {
    super();
    this.inner = inner;
  }

  get vault(): WriteTx['vault'] {
    return this.inner.vault;
  }

  get tasks(): WriteTx['tasks'] {
    return this.inner.tasks;
  }

  protected override read<T>(
    _operation: string,
    query: (tx: WriteTx) => T | Promise<T>,
  ): Promise<T> {
    return Promise.resolve(query(this.inner));
  }

  protected override write<T>(
    _operation: string,
    command: (tx: WriteTx) => T | Promise<T>,
  ): Promise<T> {
    return Promise.resolve(command(this.inner));
  }

  joinCommitOrder(): Promise<void> {
    return this.inner.joinCommitOrder();
  }

  dangerouslyClearDerived(): Promise<void> {
    return this.inner.dangerouslyClearDerived();
  }
}
