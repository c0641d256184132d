/** Documents drawn as PDFs off the event loop (server/lib/pdf-rendering.ts): `app.pdfs`. */
import fp from 'fastify-plugin';
import { pdfRendering, type PdfRendering } from '../../lib/pdf-rendering';

declare module 'fastify' {
  interface FastifyInstance {
    pdfs: Omit<PdfRendering, 'close'>;
  }
}

export default fp(
  async (app) => {
    const pdfs = pdfRendering();
    app.decorate('pdfs', pdfs);
    app.addHook('onClose', () => pdfs.close());
  },
  { name: 'pdfs' },
);
