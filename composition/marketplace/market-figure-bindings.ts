import type { Command } from 'commander';
import type { ContainerModuleLoadOptions } from 'inversify';
import type { CommandContext, Runtime } from '../spindle-module.js';

/** Binds this part of the marketplace module (see marketplace-module.ts). */
export function bindMarketFigures(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  void bind;
  void runtime;
}

/** This part's `spindle` commands. */
export function marketFigureCommands(program: Command, context: CommandContext): void {
  void program;
  void context;
}
