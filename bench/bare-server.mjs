// The reference of bench/api.ts: a bare node:http server in a process of its own (as the
// product is), answering one fixed JSON body of BARE_SIZE bytes to every request.
import http from 'node:http';

const size = Number(process.env.BARE_SIZE ?? 100);
const skeleton = '{"data":""}';
const body = Buffer.from(`{"data":"${'x'.repeat(Math.max(0, size - skeleton.length))}"}`);
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening at http://127.0.0.1:${server.address().port}`));
