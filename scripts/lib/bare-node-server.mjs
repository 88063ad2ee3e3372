// The floor for `npm run bench:http`: Node's own HTTP server, with no framework and no work per
// request, answering the bytes our server answered (the files nginx serves, from memory), with
// one worker per core as our cluster and nginx run. What our server costs beyond it is ours;
// what it costs beyond nginx is Node's.
//
//   node scripts/lib/bare-node-server.mjs <port> <dir> '[{"path", "file", "type", "encoding"?}, ...]'
import cluster from 'node:cluster'
import http from 'node:http'
import { availableParallelism } from 'node:os'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const [port, dir, routes] = process.argv.slice(2)

if (cluster.isPrimary) {
  for (let i = 0; i < availableParallelism(); i++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill()
    process.exit(0)
  })
} else {
  const answers = new Map(
    JSON.parse(routes).map(({ path: urlPath, file, type, encoding }) => {
      const headers = encoding ? { 'content-type': type, 'content-encoding': encoding } : { 'content-type': type }
      return [urlPath, { body: readFileSync(path.join(dir, file)), headers }]
    }),
  )
  http
    .createServer((req, res) => {
      const answer = answers.get(req.url)
      if (!answer) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length })
      res.end(answer.body)
    })
    .listen(Number(port), '127.0.0.1')
}
