import { ChatApp } from '@/features/demo/chat/components/chat-app';

/** `/apps/chat`: conversations with the demo contacts. */
export default function ChatScreen() {
  return <ChatApp />;
}
