// Load these on demand (import('@/features/chat')): the chat's code and styles stay out of the
// pages that only might show it.
export { ChatPage } from './components/chat-page';
export { ChatWidget } from './components/chat-widget';
export { ShareToChatDialog, type ShareToChatDialogProps } from './components/share-to-chat-dialog';
