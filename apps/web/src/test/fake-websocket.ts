/** A WebSocket the test drives: what the page sent, and the server's side by hand. */
export class FakeSocket extends EventTarget {
  static readonly made: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }

  close(): void {
    this.closed = true;
    this.dispatchEvent(new Event('close'));
  }

  serverOpens(): void {
    this.dispatchEvent(new Event('open'));
  }

  serverSends(message: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  serverCloses(): void {
    this.dispatchEvent(new Event('close'));
  }
}
