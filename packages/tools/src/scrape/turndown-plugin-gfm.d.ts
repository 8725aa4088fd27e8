// turndown-plugin-gfm ships no types; this is the part we use.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  /** Strikethrough, tables, task lists and highlighted code blocks. */
  export const gfm: TurndownService.Plugin;
  /** ~~strikethrough~~ for del, s and strike. */
  export const strikethrough: TurndownService.Plugin;
  /** [x] task list items. */
  export const taskListItems: TurndownService.Plugin;
}
