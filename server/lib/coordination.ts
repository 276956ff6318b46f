/**
 * Who does what when several replicas share one store (docs/access-interface.md#replicas).
 * One replica follows the chain and reconciles (the leader); a sender's queue is worked by one
 * replica at a time, so its nonces go out in order.
 */
export interface Coordination {
  /** Whether this replica leads now: it follows the chain and reconciles broadcasts. Cheap to ask every tick. */
  isLeader(): Promise<boolean>;
  /**
   * Runs `work` while no other replica works `sender`'s queue; when another one does, skips it
   * at once (it is being handled) and resolves false.
   */
  withSender(sender: string, work: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}

/** One process owns its data folder (the journal's lock file), so it always leads and never waits. */
export const soleReplica: Coordination = {
  isLeader: async () => true,
  async withSender(_sender, work) {
    await work();
    return true;
  },
  close: async () => {},
};
