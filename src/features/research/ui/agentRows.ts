// The rows under an agent run: its message, a question it waits on, its suggestions, a preview of
// the partial data while it runs, and the result once done (the partial data of a run stopped at its
// credit limit). All of it is server text: plain labels, and tooltip rows that are escaped when
// rendered.
import { isRunning } from '../../../api';
import type { AgentJob } from '../../../api';
import { COMMANDS } from '../../../ids';
import { formatExact, pluralCount } from '../../../shared/format';
import * as l10n from '@vscode/l10n';
import { plainText } from '../../../shared/text';
import { agentResult, stoppedAtCreditLimit } from '../model/jobFacts';
import type { TrackedJob } from '../model/trackedJob';
import { notKept, wordsText } from './deepResearchRows';
import type { GroupKind, ItemDescriptor, TooltipSpec } from './rowTypes';

/** Any JSON value as a short text: what a row can show of data whose shape is not published. */
export function jsonText(value: unknown, max = 2_000): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What an approval asks, in its words when it has a `message` (its shape is not published), else its JSON. */
function approvalText(value: unknown): { asks: string; details?: string } {
  const message = value !== null && typeof value === 'object' ? (value as { message?: unknown }).message : undefined;
  if (typeof message !== 'string' || message.trim() === '') return { asks: jsonText(value) };
  const { message: _said, ...rest } = value as Record<string, unknown>;
  return Object.keys(rest).length ? { asks: message, details: jsonText(rest) } : { asks: message };
}

/** The description parts after the condition: model and credits. */
export function agentFacts(s: AgentJob, locale?: string): string[] {
  const parts: string[] = [];
  if (s.model) parts.push(plainText(s.model, 40));
  if (s.creditsUsed !== undefined)
    parts.push(
      pluralCount(
        s.creditsUsed,
        locale,
        (n) => l10n.t('{0} credit', n),
        (n) => l10n.t('{0} credits', n),
      ),
    );
  return parts;
}

export function agentTooltipRows(s: AgentJob): TooltipSpec['rows'] {
  const rows: TooltipSpec['rows'] = [];
  if (s.model) rows.push([l10n.t({ message: 'Model', comment: ['tooltip label: AI model'] }), s.model]);
  if (s.effort) rows.push([l10n.t({ message: 'Effort', comment: ['tooltip label'] }), s.effort]);
  if (s.creditsUsed !== undefined) rows.push([l10n.t('Credits used'), formatExact(s.creditsUsed)]);
  if (s.message) rows.push([l10n.t({ message: 'Now', comment: ['tooltip label: current step'] }), s.message]);
  if (s.stopReason) rows.push([l10n.t('Stop reason'), STOP_REASON_TEXT.get(s.stopReason)?.() ?? s.stopReason]);
  return rows;
}

/** The service's stop reasons in words (a Map: a reason is the server's text, never a key of Object's); one it adds later is shown as sent. */
const STOP_REASON_TEXT = new Map<string, () => string>([
  ['done', () => l10n.t({ message: 'finished its work', comment: ['why an agent run stopped'] })],
  ['error', () => l10n.t({ message: 'an error', comment: ['why an agent run stopped'] })],
  ['cancelled', () => l10n.t({ message: 'cancelled', comment: ['why an agent run stopped'] })],
  ['credit_limit_reached', () => l10n.t({ message: 'its credit limit was reached', comment: ['why an agent run stopped'] })],
]);

export function agentGroups(s: AgentJob): GroupKind[] {
  const groups: GroupKind[] = [];
  const limit = stoppedAtCreditLimit(s);
  if ((s.status === 'failed' && !limit) || s.error) groups.push('error');
  if (s.message) groups.push('message');
  if (s.pendingApproval !== undefined) groups.push('approval');
  if (isRunning(s) && s.partial !== undefined) groups.push('partial');
  const result = agentResult(s);
  if (typeof result === 'string' && result.trim()) groups.push('analysis');
  else if (result !== undefined && typeof result !== 'string') groups.push('json');
  if (s.suggestions.length) groups.push('suggestions');
  return groups;
}

export function describeAgentGroup(job: TrackedJob, s: AgentJob, group: 'message' | 'approval' | 'partial' | 'suggestions' | 'analysis' | 'json'): ItemDescriptor {
  const id = `${job.id}/${group}`;
  switch (group) {
    case 'message': {
      const text = s.message ?? '';
      const heading = isRunning(s) ? l10n.t('What the agent is doing') : l10n.t("The agent's message");
      return { id, label: plainText(text, 120), tooltip: () => ({ heading, rows: [['', text]] }), icon: { id: 'comment' }, contextValue: 'message', collapsible: 'none' };
    }
    case 'approval': {
      const { asks, details } = approvalText(s.pendingApproval);
      return {
        id,
        label: l10n.t('Waiting for approval'),
        description: plainText(asks, 120),
        tooltip: () => ({
          heading: l10n.t('The run waits for an approval (give it in the Firecrawl dashboard)'),
          rows:
            details === undefined
              ? [['', asks]]
              : [
                  ['', asks],
                  ['', details],
                ],
        }),
        icon: { id: 'question' },
        contextValue: 'approval',
        collapsible: 'none',
      };
    }
    case 'partial':
      return {
        id,
        label: l10n.t('Preview'),
        description: l10n.t({ message: 'partial data so far', comment: ['a running agent run: what it found until now'] }),
        icon: { id: 'json' },
        contextValue: 'partial',
        collapsible: 'none',
        command: { command: COMMANDS.openJson, title: l10n.t('Open Partial Data'), arguments: [job.id, 'partial'] },
      };
    case 'suggestions':
      return {
        id,
        label: l10n.t('Suggestions ({0})', formatExact(s.suggestions.length)),
        ...notKept(job.trimmed?.suggestions ?? 0, 'suggestions'),
        icon: { id: 'lightbulb' },
        contextValue: 'suggestions',
        collapsible: 'collapsed',
      };
    case 'analysis': {
      const limit = stoppedAtCreditLimit(s);
      const text = agentResult(s);
      return {
        id,
        label: limit ? l10n.t('Partial result') : l10n.t({ message: 'Result', comment: ['agent result row'] }),
        description: wordsText(typeof text === 'string' ? text.split(/\s+/).filter(Boolean).length : 0),
        icon: { id: 'markdown' },
        contextValue: 'analysis',
        collapsible: 'none',
        command: { command: COMMANDS.openAnalysis, title: l10n.t('Open Result'), arguments: [job.id] },
      };
    }
    case 'json': {
      const limit = stoppedAtCreditLimit(s);
      return {
        id,
        label: limit ? l10n.t('Partial result (JSON)') : l10n.t('Result (JSON)'),
        ...(limit && s.partialSchemaValid === false ? { description: l10n.t('does not match the schema') } : {}),
        icon: { id: 'json' },
        contextValue: 'json',
        collapsible: 'none',
        command: { command: COMMANDS.openJson, title: l10n.t('Open JSON Result'), arguments: [job.id] },
      };
    }
  }
}

export function describeSuggestion(job: TrackedJob, index: number): ItemDescriptor | undefined {
  const s = job.snapshot;
  const text = s?.kind === 'agent' ? s.suggestions[index] : undefined;
  if (text === undefined) return undefined;
  return {
    id: `${job.id}/suggestions/${index}`,
    label: plainText(text, 160),
    tooltip: () => ({ heading: l10n.t('Suggestion {0}', formatExact(index + 1)), rows: [['', text]] }),
    icon: { id: 'lightbulb' },
    contextValue: 'suggestion',
    collapsible: 'none',
  };
}
