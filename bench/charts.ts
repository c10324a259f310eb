// SVG bar charts of a peer comparison, one per scenario, drawn with vega-lite + vega
// (headless: the "none" renderer writes SVG without a canvas).
import * as vega from "vega";
import * as vl from "vega-lite";
import { type Comparison, isOurs } from "./compare.js";

/** An SVG chart of ops/sec per library (log scale), wasm-ecs highlighted. */
export async function chartSvg(c: Comparison): Promise<string> {
  const values = c.ranked
    .filter((r) => r.ops !== undefined)
    .map((r) => ({ library: r.library, ops: r.ops as number, ours: isOurs(r.library) }));
  // Bars on a log axis need a baseline: the power of ten below the slowest library.
  const low = 10 ** Math.floor(Math.log10(Math.max(1e-3, Math.min(...values.map((v) => v.ops)))));
  const high = Math.max(...values.map((v) => v.ops)) * 3;
  const spec: vl.TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: { text: `${c.scenario}: ops/sec (higher is better, log scale)`, subtitle: c.description },
    width: 520,
    height: { step: 18 },
    data: { values },
    encoding: {
      y: { field: "library", type: "nominal", sort: "-x", title: null },
      x: {
        field: "ops",
        type: "quantitative",
        scale: { type: "log", domain: [low, high] },
        title: "ops/sec",
        axis: { format: "~s" },
      },
    },
    layer: [
      {
        mark: { type: "bar" },
        encoding: {
          x2: { datum: low },
          color: {
            field: "ours",
            type: "nominal",
            scale: { domain: [true, false], range: ["#d9480f", "#868e96"] },
            legend: null,
          },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 3, fontSize: 10 },
        encoding: { text: { field: "ops", type: "quantitative", format: ".3~s" } },
      },
    ],
  };
  const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: "none" });
  return view.toSVG();
}
