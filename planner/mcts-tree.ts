/**
 * DoraemonGPT's search tree, without models: nodes, softmax selection over non-leaf nodes, and
 * the decayed reward back-propagation R_i += R_leaf * exp(beta * (1 - d(i, leaf))) with
 * R_leaf = +alpha on success and -alpha on failure (failures are negative: the released code's
 * sign error is not copied).
 */
import type { ChainStep } from './chain.js';

/** A node: the root (the question), a tool call, or a leaf (a final answer or a failure). */
export interface TreeNode {
  id: number;
  parent: number | null;
  depth: number;
  /** Action label, e.g. `count({"label":"person"})`, `final_answer(...)`, `error: ...`. */
  action: string;
  /** The tool call and its result (tool nodes only). */
  step?: ChainStep;
  reward: number;
  visits: number;
  /** open: a non-leaf node that can be selected and expanded; success/failure: leaves. */
  status: 'open' | 'success' | 'failure';
}

/** Reward constants. */
export interface RewardParams {
  alpha: number;
  beta: number;
}

/** Default alpha and beta (DoraemonGPT). */
export const DEFAULT_REWARD: RewardParams = { alpha: 1, beta: 0.5 };

/** A tree with its root. */
export class SearchTree {
  readonly nodes: TreeNode[] = [{ id: 0, parent: null, depth: 0, action: 'question', reward: 0, visits: 0, status: 'open' }];

  /** Adds a child of `parent`. */
  add(parent: number, n: Pick<TreeNode, 'action' | 'status'> & { step?: ChainStep }): TreeNode {
    const p = this.get(parent);
    const node: TreeNode = { id: this.nodes.length, parent, depth: p.depth + 1, action: n.action, reward: 0, visits: 0, status: n.status, ...(n.step ? { step: n.step } : {}) };
    this.nodes.push(node);
    return node;
  }

  get(id: number): TreeNode {
    const n = this.nodes[id];
    if (!n) throw new RangeError(`no node ${id}`);
    return n;
  }

  /** Children of a node. */
  children(id: number): TreeNode[] {
    return this.nodes.filter((n) => n.parent === id);
  }

  /** Ancestors of a node, root first, excluding the node. */
  ancestors(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let p = this.get(id).parent; p !== null; p = this.get(p).parent) out.unshift(this.get(p));
    return out;
  }

  /** The tool steps from the root to a node, inclusive. */
  path(id: number): ChainStep[] {
    return [...this.ancestors(id), this.get(id)].flatMap((n) => (n.step ? [n.step] : []));
  }

  /** Selection probabilities P(v) = softmax(R_v) over non-leaf (open) nodes. */
  selectionProbabilities(): Map<number, number> {
    const open = this.nodes.filter((n) => n.status === 'open');
    const m = Math.max(...open.map((n) => n.reward));
    const ex = open.map((n) => Math.exp(n.reward - m));
    const sum = ex.reduce((a, b) => a + b, 0);
    return new Map(open.map((n, k) => [n.id, (ex[k] as number) / sum]));
  }

  /** Samples a non-leaf node by its selection probability; `u` is uniform in [0, 1). */
  select(u: number): TreeNode {
    let acc = 0;
    let last: TreeNode = this.get(0);
    for (const [id, p] of this.selectionProbabilities()) {
      last = this.get(id);
      acc += p;
      if (u < acc) return last;
    }
    return last;
  }

  /**
   * Back-propagates a leaf's reward: the leaf gets R_leaf = ±alpha, every ancestor i gets
   * R_leaf * exp(beta * (1 - d(i, leaf))), d the number of edges between them. Visits count up.
   */
  backpropagate(leafId: number, params: RewardParams = DEFAULT_REWARD): number {
    const leaf = this.get(leafId);
    if (leaf.status === 'open') throw new Error(`node ${leafId} is not a leaf`);
    const r = leaf.status === 'success' ? params.alpha : -params.alpha;
    leaf.reward += r;
    leaf.visits++;
    for (const a of this.ancestors(leafId)) {
      a.reward += r * Math.exp(params.beta * (1 - (leaf.depth - a.depth)));
      a.visits++;
    }
    return r;
  }
}
