/** Whether host:port takes a TCP connection within `timeoutMs`: undefined when it does, else why not in a few words. */
import { connect } from 'node:net';

export function tcpUnreachable(host: string, port: number, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (why: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(why);
    };
    const timer = setTimeout(() => finish(`did not answer within ${Math.round(timeoutMs / 100) / 10} s`), timeoutMs);
    socket.once('connect', () => finish(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ECONNREFUSED'
          ? 'refused the connection (is it running?)'
          : error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN'
            ? 'is not a known host'
            : `cannot be reached (${error.code ?? error.message})`,
      ),
    );
  });
}
