// Turns the plain descriptors into VS Code tree items. Tooltips are Markdown in which anything that
// came from the service is escaped: no trust, no HTML, no theme icons, so a
// title such as `<img onerror=…>` or `[x](command:…)` is shown as the characters it is.
import * as vscode from 'vscode';
import type { IconSpec, ItemDescriptor, TooltipSpec } from './treeRows';
import { escapeMarkdown } from '../../../shared/text';

export function tooltipMarkdown(spec: TooltipSpec): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  md.appendMarkdown(`**${escapeMarkdown(spec.heading)}**\n\n`);
  for (const [label, value] of spec.rows) {
    if (label) md.appendMarkdown(`**${label}:** `);
    md.appendMarkdown(escapeMarkdown(value, { keepLines: true }));
    md.appendMarkdown('  \n');
  }
  return md;
}

export function themeIcon(spec: IconSpec): vscode.ThemeIcon {
  return spec.color ? new vscode.ThemeIcon(spec.id, new vscode.ThemeColor(spec.color)) : new vscode.ThemeIcon(spec.id);
}

export function toTreeItem(d: ItemDescriptor): vscode.TreeItem {
  const item = new vscode.TreeItem(
    d.label,
    d.collapsible === 'expanded' ? vscode.TreeItemCollapsibleState.Expanded : d.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = d.id;
  if (d.description !== undefined) item.description = d.description;
  if (d.icon) item.iconPath = themeIcon(d.icon);
  if (d.contextValue) item.contextValue = d.contextValue;
  if (d.command) item.command = d.command;
  if (d.accessibilityLabel) item.accessibilityInformation = { label: d.accessibilityLabel };
  return item;
}
