// Brotli-compress files at the highest quality, in parallel (Node's zlib, on its thread pool): the build's
// precompressed ``.br`` files (deploy/site/build.py's precompress). No package: Node.js brings brotli.
//     node brotli.mjs JOBS_JSON        (a list of [source, target] paths)
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const compress = promisify(zlib.brotliCompress);
const jobs = JSON.parse(await readFile(process.argv[2], "utf8"));
await Promise.all(jobs.map(async ([source, target]) => {
  const data = await readFile(source);
  const packed = await compress(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  await writeFile(target, packed);
}));
