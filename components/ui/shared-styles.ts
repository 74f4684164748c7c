/**
 * The sheets every page shares, in cascade order: the theme, the components', the dialogs' and the site limits'. A page
 * built alone (wxt.config.ts) writes its rules in the order its modules import them, and its components import these
 * after the page's own: its entry imports this first, so its own rules come after them and win where they differ.
 */
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/ui/dialog.css';
import '@/components/ui/limits.css';
