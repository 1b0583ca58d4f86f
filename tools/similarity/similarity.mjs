// similarity.mjs compares source files with Dolos (winnowing over
// tree-sitter tokens) and prints every pair as JSON on stdout.
//
//   node similarity.mjs LANGUAGE FILE FILE...
//
// LANGUAGE is a Dolos language name (c, cpp, java, python, go, ...). The
// answer is one JSON object:
//
//   {"language": "cpp", "files": [{"path": "...", "tokens": 120}, ...],
//    "pairs": [{"left": 0, "right": 1, "similarity": 0.93, "longest_fragment": 80,
//               "overlap": 150, "left_covered": 150, "right_covered": 148,
//               "left_total": 160, "right_total": 155,
//               "fragments": [{"left": {"start_line": 3, "end_line": 20},
//                              "right": {"start_line": 5, "end_line": 27}, "kgrams": 41}]}],
//    "warnings": []}
//
// left and right are indexes into the files as given; every pair of files
// is listed (n(n-1)/2), most similar first; lines count from 1. A failure
// is a message on stderr and exit status 1 (2 for bad arguments), so that
// the caller (puzzlejudge's server) reads either a whole answer or a reason.
//
// DOLOS_LIB, when set, is the URL of @dodona/dolos-lib's entry file: the
// server writes this script beside the sources of a run, away from the
// folder where npm ci installed Dolos, and names the library there.
const { Dolos } = await import(process.env.DOLOS_LIB || "@dodona/dolos-lib");

function region(r) {
  return { start_line: r.startRow + 1, end_line: r.endRow + 1, start_col: r.startCol, end_col: r.endCol };
}

async function main(argv) {
  if (argv.length < 3) {
    process.stderr.write("usage: node similarity.mjs LANGUAGE FILE FILE...\n");
    return 2;
  }
  const [language, ...paths] = argv;
  const dolos = new Dolos({ language });
  const report = await dolos.analyzePaths(paths);
  const index = new Map(paths.map((p, i) => [p, i]));
  const files = report.entries().map(e => ({ path: e.file.path, tokens: e.file.tokens.length }));
  const pairs = report.allPairs().map(pair => {
    const left = index.get(pair.leftFile.path);
    const right = index.get(pair.rightFile.path);
    const fragments = pair.buildFragments().map(f => ({
      left: region(f.leftSelection),
      right: region(f.rightSelection),
      kgrams: f.leftkgrams.length,
    }));
    const out = {
      left, right,
      similarity: pair.similarity,
      longest_fragment: pair.longest,
      overlap: pair.overlap,
      left_covered: pair.leftCovered,
      right_covered: pair.rightCovered,
      left_total: pair.leftTotal,
      right_total: pair.rightTotal,
      fragments,
    };
    if (left > right) { // the caller's order: left is the earlier file
      [out.left, out.right] = [right, left];
      [out.left_covered, out.right_covered] = [out.right_covered, out.left_covered];
      [out.left_total, out.right_total] = [out.right_total, out.left_total];
      out.fragments = fragments.map(f => ({ left: f.right, right: f.left, kgrams: f.kgrams }));
    }
    return out;
  });
  pairs.sort((a, b) => b.similarity - a.similarity || a.left - b.left || a.right - b.right);
  process.stdout.write(JSON.stringify({ language: report.language ? report.language.name : language, files, pairs, warnings: report.warnings }));
  return 0;
}

main(process.argv.slice(2)).then(
  code => { process.exitCode = code; },
  err => { process.stderr.write(String(err && err.stack || err) + "\n"); process.exitCode = 1; },
);
