package program

import (
	"context"
	"fmt"
	"slices"

	"github.com/cyqdb/cyq/procedures"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// This file holds the /search/concepts and /search/sources endpoints. Each
// is one engine query calling cyq.search.hybrid, so it runs through the
// planner like the other endpoints; the indexes it uses are chosen from the
// graph's search indexes:
//
//   - the searched label is Options.ConceptLabel for concepts (""
//     means every node) and Options.SourceLabel for sources;
//   - the full-text index is the first FULLTEXT index (by name) on that
//     label, the vector index the first VECTOR index on it that has an
//     embedder (with no label, the first of each kind);
//   - with both, the search is hybrid: the BM25 ranking and the vector
//     ranking fused by reciprocal rank fusion; min_similarity is a floor on
//     the cosine similarity of the vector side only, so a node found by its
//     words is kept however far its embedding is;
//   - with a full-text index only, the search is full-text: there is no
//     similarity to compare, min_similarity applies to nothing and every
//     matching node counts (best BM25 first);
//   - with a vector index only, the search is by vector: nodes below
//     min_similarity are left out;
//   - with neither, the endpoint fails with a hint to create an index.
//
// Nodes come best first; offset skips, limit (default searchLimit) bounds
// them; ontology keeps nodes whose `ontology` property equals it. The
// query's label is also a pre-filter, as an index may cover other labels.

// Defaults of the search endpoints.
const (
	searchLimit         = 10
	searchMinSimilarity = 0.7
)

// searchPlan is the query a search endpoint runs and the indexes it uses.
type searchPlan struct {
	label       string // "" for every node
	ftIdx, vIdx string // "" when there is none
	mode        string
	ontology    bool
}

// planSearch picks the indexes of a search endpoint from the current graph.
func (r *run) planSearch(path string, ontology bool) (searchPlan, error) {
	p := searchPlan{label: r.opts.ConceptLabel, ontology: ontology}
	if path == "/search/sources" {
		p.label = r.opts.SourceLabel
	}
	g, err := r.rn.eng.Graph()
	if err != nil {
		return p, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	for _, ix := range storage.SearchIndexes(snap) {
		if p.label != "" && !slices.Contains(ix.Labels, p.label) {
			continue
		}
		switch {
		case ix.Kind == storage.SearchFulltext && p.ftIdx == "":
			p.ftIdx = ix.Name
		case ix.Kind == storage.SearchVector && ix.Embedder != "" && p.vIdx == "":
			p.vIdx = ix.Name
		}
	}
	switch {
	case p.ftIdx != "" && p.vIdx != "":
		p.mode = procedures.ModeHybrid
	case p.ftIdx != "":
		p.mode = procedures.ModeText
	case p.vIdx != "":
		p.mode = procedures.ModeVector
	default:
		on, pattern := "any label", "(n:Concept)"
		if p.label != "" {
			on, pattern = ":"+value.QuoteName(p.label)+" nodes", "(n:"+value.QuoteName(p.label)+")"
		}
		return p, cyqerr.Compile(cyqerr.ProgramError, "NoSearchIndex",
			"endpoint %s is not available on this graph: there is no FULLTEXT index, and no VECTOR index with an embedder, on %s", path, on).
			WithHint("create one, e.g. CREATE FULLTEXT INDEX search_text FOR %s ON EACH [n.name, n.description]; add a VECTOR index with OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}} for similarity search", pattern)
	}
	return p, nil
}

// query is the Cypher text of the plan; its parameters are
// $fulltextIndex, $vectorIndex, $query, $k, $offset, $limit,
// $minSimilarity, $labels and, when filtered, $ontology.
func (p searchPlan) query() string {
	q := "CALL cyq.search.hybrid($fulltextIndex, $vectorIndex, $query, $k, {mode: '" + p.mode + "', labels: $labels, minSimilarity: $minSimilarity}) YIELD node, score"
	if p.ontology {
		q += " WHERE node.ontology = $ontology"
	}
	return q + " RETURN node, score ORDER BY score DESC, id(node) SKIP $offset LIMIT $limit"
}

// indexParams binds the plan's index names ($fulltextIndex, $vectorIndex;
// null when there is none).
func (p searchPlan) indexParams(params map[string]any) {
	params["fulltextIndex"], params["vectorIndex"] = nil, nil
	if p.ftIdx != "" {
		params["fulltextIndex"] = p.ftIdx
	}
	if p.vIdx != "" {
		params["vectorIndex"] = p.vIdx
	}
}

// search runs /search/concepts or /search/sources.
func (r *run) search(ctx context.Context, path string, args map[string]any) (*WorkingGraph, error) {
	onto, filtered := args["ontology"]
	p, err := r.planSearch(path, filtered)
	if err != nil {
		return nil, err
	}
	limit, offset, minSim := searchLimit, 0, searchMinSimilarity
	if f, ok := graphprogram.Number(args["limit"]); ok {
		limit = int(f)
	}
	if f, ok := graphprogram.Number(args["offset"]); ok {
		offset = int(f)
	}
	if f, ok := graphprogram.Number(args["min_similarity"]); ok {
		minSim = f
	}
	// Without a filter after the search, the search itself stops at
	// offset+limit; with one it looks deeper, up to endpointRows.
	k := min(offset+limit, endpointRows)
	if filtered {
		k = endpointRows
	}
	params := map[string]any{"query": args["query"], "k": k, "offset": offset, "limit": limit, "minSimilarity": minSim, "labels": nil}
	if p.label != "" {
		params["labels"] = []any{p.label}
	}
	if filtered {
		params["ontology"] = onto
	}
	p.indexParams(params)
	rows, err := r.queryRows(ctx, p.query(), params)
	if err != nil {
		return nil, err
	}
	c := r.collector()
	for _, row := range rows {
		if n, ok := row[0].(value.Node); ok {
			c.node(n)
		}
	}
	return c.finish(), nil
}

// searchQueries describes a search endpoint for EXPLAIN.
func (r *run) searchQueries(path string, params map[string]any) []string {
	_, filtered := params["ontology"]
	p, err := r.planSearch(path, filtered)
	if err != nil {
		msg := err.Error()
		if e := cyqerr.As(err); e != nil {
			msg = e.Message + " (" + e.Hint + ")"
		}
		return []string{"fails: " + msg}
	}
	idx := map[string]any{}
	p.indexParams(idx)
	return []string{p.query(), fmt.Sprintf("with $fulltextIndex = %s, $vectorIndex = %s", quoteIndex(idx["fulltextIndex"]), quoteIndex(idx["vectorIndex"]))}
}

// quoteIndex shows an index parameter.
func quoteIndex(v any) string {
	if s, ok := v.(string); ok {
		return value.Format(value.String(s))
	}
	return "null"
}
