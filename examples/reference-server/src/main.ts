import { createServer } from './create-server'

const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '127.0.0.1'
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173').split(',')

createServer({ allowedOrigins }).listen(port, host, () => {
  console.log(`reference server listening on http://${host}:${port}`)
})
