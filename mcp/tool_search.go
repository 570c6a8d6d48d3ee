package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/value"
)

const kgSearchDesc = `Find nodes (entities, observations, any indexed node) by text. mode "hybrid" (default) fuses the full-text (BM25) and
vector rankings by reciprocal rank fusion, "text" uses the FULLTEXT indexes only (words, "quoted phrases", prefix*), "vector" the
VECTOR indexes with an embedder only. Every suitable index is searched unless index / vector_index names one.
labels keeps nodes with one of those labels (entity types are canonicalised); min_score drops weaker results (scores: BM25 for text,
(1+cosine)/2 for vector, RRF for hybrid). Page with offset and limit. Results: node, score, ranks and, for an observation, its entity.`

const kgSearchSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "minLength": 1, "description": "search text"},
    "mode": {"type": "string", "enum": ["hybrid", "vector", "text"], "description": "ranking (default hybrid)"},
    "labels": {"type": "array", "items": {"type": "string"}, "description": "keep only nodes with one of these labels or entity types"},
    "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "results to return (default 10)"},
    "offset": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "results to skip, for paging (default 0)"},
    "min_score": {"type": "number", "minimum": 0, "description": "drop results scoring below this"},
    "index": {"type": "string", "description": "search only this FULLTEXT index"},
    "vector_index": {"type": "string", "description": "search only this VECTOR index (it needs an embedder)"},
    ` + graphProp + `
  },
  "required": ["query"],
  "additionalProperties": false
}`

type kgHit struct {
	node              value.Node
	score             float64
	textRank, vecRank int
}

type kgIndex struct {
	name, kind string
	labels     []string
	embedder   string
}

func (s *Server) search(ctx context.Context, a *kgArgs) (map[string]any, string, error) {
	query := a.str("query")
	a.check(query != "", "query is required: the words to search for")
	mode := a.choice("mode", "hybrid", "hybrid", "vector", "text")
	limit := a.int("limit", 10, 1, 100)
	offset := a.int("offset", 0, 0, 1000)
	minScore := a.float("min_score", 0, 0, 1e9)
	labels := a.strs("labels")
	onlyText := a.str("index")
	onlyVec := a.str("vector_index")
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, "", err
	}
	labelSet := map[string]bool{}
	for _, l := range labels {
		labelSet[l] = true
		if c, err := s.canonicalType(l); err == nil {
			labelSet[c] = true
		}
	}
	rows, err := kgAll(ctx, t.db, `CALL cyq.search.indexes() YIELD name, type, labels, config RETURN name, type, labels, config`, nil)
	if err != nil {
		return nil, "", err
	}
	var textIdx, vecIdx []kgIndex
	var textCover, vecCover []bool
	for _, r := range rows {
		ix := kgIndex{name: string(r[0].(value.String)), kind: string(r[1].(value.String))}
		if l, ok := r[2].(value.List); ok {
			for _, e := range l {
				ix.labels = append(ix.labels, fmt.Sprint(value.ToGo(e)))
			}
		}
		if m, ok := r[3].(value.Map); ok {
			if e, ok := m["cyq.embedder"].(value.String); ok {
				ix.embedder = string(e)
			}
		}
		covers := false
		for _, l := range ix.labels {
			covers = covers || labelSet[l]
		}
		switch {
		case ix.kind == "FULLTEXT" && (onlyText == "" || onlyText == ix.name):
			textIdx = append(textIdx, ix)
			textCover = append(textCover, covers)
		case ix.kind == "VECTOR" && (onlyVec == ix.name || onlyVec == "" && ix.embedder != ""):
			vecIdx = append(vecIdx, ix)
			vecCover = append(vecCover, covers)
		}
	}
	// With labels, prefer the indexes on those labels; when there are none
	// (e.g. a Person is found through the Entity index), search them all
	// and filter the results.
	textIdx, vecIdx = preferCovering(textIdx, textCover), preferCovering(vecIdx, vecCover)
	if onlyText != "" && len(textIdx) == 0 {
		return nil, "", kgNotFound("there is no FULLTEXT index %q; stats lists the search indexes", onlyText)
	}
	if onlyVec != "" && len(vecIdx) == 0 {
		return nil, "", kgNotFound("there is no VECTOR index %q; stats lists the search indexes", onlyVec)
	}
	var warnings []string
	if mode == "text" && len(textIdx) == 0 || mode == "hybrid" && len(textIdx) == 0 && len(vecIdx) == 0 {
		return nil, "", kgArgErr("graph %s has no full-text index; create one with CREATE FULLTEXT INDEX name FOR (n:Label) ON EACH [n.prop] (the write tools create kg_text), or use the cypher tool", t.name)
	}
	if mode == "vector" && len(vecIdx) == 0 {
		return nil, "", kgArgErr("graph %s has no vector index with an embedder; use mode \"text\", or create one with CREATE VECTOR INDEX name FOR (n:Label) ON (n.embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}", t.name)
	}
	k := min(1000, max(50, (offset+limit)*3))
	keep := func(n value.Node) bool {
		if len(labelSet) == 0 {
			return true
		}
		for _, l := range n.Labels {
			if labelSet[l] {
				return true
			}
		}
		return false
	}
	// rank merges the results of several indexes: a node's best score.
	rank := func(idx []kgIndex, run func(ix kgIndex) ([][]value.Value, error)) ([]kgHit, error) {
		best := map[uint32]kgHit{}
		var firstErr error
		ok := 0
		for _, ix := range idx {
			rows, err := run(ix)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				warnings = append(warnings, fmt.Sprintf("index %s: %v", ix.name, err))
				continue
			}
			ok++
			for _, r := range rows {
				n, isNode := r[0].(value.Node)
				if !isNode || !keep(n) {
					continue
				}
				sc := toFloat(r[1])
				if h, seen := best[n.ID]; !seen || sc > h.score {
					best[n.ID] = kgHit{node: n, score: sc}
				}
			}
		}
		if ok == 0 && firstErr != nil {
			return nil, firstErr
		}
		hits := make([]kgHit, 0, len(best))
		for _, h := range best {
			hits = append(hits, h)
		}
		sort.Slice(hits, func(i, j int) bool {
			if hits[i].score != hits[j].score {
				return hits[i].score > hits[j].score
			}
			return hits[i].node.ID < hits[j].node.ID
		})
		return hits, nil
	}
	var textHits, vecHits []kgHit
	if mode != "vector" {
		textHits, err = rank(textIdx, func(ix kgIndex) ([][]value.Value, error) {
			return kgAll(ctx, t.db, `CALL db.index.fulltext.queryNodes($i, $q, {limit: $k}) YIELD node, score RETURN node, score`,
				map[string]any{"i": ix.name, "q": query, "k": k})
		})
		if err != nil {
			return nil, "", err
		}
	}
	if mode != "text" {
		var filter any
		if len(labels) == 1 {
			for l := range labelSet {
				if len(labelSet) == 1 {
					filter = l
				}
			}
		}
		vecHits, err = rank(vecIdx, func(ix kgIndex) ([][]value.Value, error) {
			return kgAll(ctx, t.db, `CALL cyq.search.vector($i, $k, $q, $f) YIELD node, score RETURN node, score`,
				map[string]any{"i": ix.name, "q": query, "k": k, "f": filter})
		})
		if err != nil {
			if mode == "vector" {
				return nil, "", err
			}
			vecHits = nil
		}
	}
	var hits []kgHit
	switch mode {
	case "text":
		hits = textHits
		for i := range hits {
			hits[i].textRank = i + 1
		}
	case "vector":
		hits = vecHits
		for i := range hits {
			hits[i].vecRank = i + 1
		}
	default:
		if len(vecIdx) == 0 {
			warnings = append(warnings, "no vector index with an embedder: the results are full-text only")
		}
		fused := map[uint32]*kgHit{}
		var order []uint32
		add := func(list []kgHit, text bool) {
			for i, h := range list {
				f, ok := fused[h.node.ID]
				if !ok {
					f = &kgHit{node: h.node}
					fused[h.node.ID] = f
					order = append(order, h.node.ID)
				}
				f.score += 1 / float64(60+i+1)
				if text {
					f.textRank = i + 1
				} else {
					f.vecRank = i + 1
				}
			}
		}
		add(textHits, true)
		add(vecHits, false)
		for _, id := range order {
			hits = append(hits, *fused[id])
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	}
	if minScore > 0 {
		kept := hits[:0]
		for _, h := range hits {
			if h.score >= minScore {
				kept = append(kept, h)
			}
		}
		hits = kept
	}
	total := len(hits)
	if offset < len(hits) {
		hits = hits[offset:]
	} else {
		hits = nil
	}
	hasMore := len(hits) > limit
	if hasMore {
		hits = hits[:limit]
	}
	// Observations come with their entity.
	owners := map[uint32]value.Node{}
	var obsIDs []any
	for _, h := range hits {
		for _, l := range h.node.Labels {
			if l == ObservationLabel {
				obsIDs = append(obsIDs, int64(h.node.ID))
			}
		}
	}
	if len(obsIDs) > 0 {
		rows, err := kgAll(ctx, t.db, `MATCH (e)-[:`+ObservationType+`]->(o) WHERE id(o) IN $ids RETURN id(o), e`, map[string]any{"ids": obsIDs})
		if err != nil {
			return nil, "", err
		}
		for _, r := range rows {
			owners[uint32(r[0].(value.Int))] = r[1].(value.Node)
		}
	}
	results := []any{}
	var text strings.Builder
	for i, h := range hits {
		item := map[string]any{"id": fmt.Sprintf("n:%d", h.node.ID), "name": displayName(h.node), "labels": nodeJSON(h.node)["labels"],
			"score": h.score, "node": nodeJSON(h.node)}
		if h.textRank > 0 {
			item["text_rank"] = h.textRank
		}
		if h.vecRank > 0 {
			item["vector_rank"] = h.vecRank
		}
		line := fmt.Sprintf("%d. n:%d %v %s score %.4f", offset+i+1, h.node.ID, h.node.Labels, displayName(h.node), h.score)
		if e, ok := owners[h.node.ID]; ok {
			item["entity"] = map[string]any{"id": fmt.Sprintf("n:%d", e.ID), "name": displayName(e), "type": entityType(e)}
			line += fmt.Sprintf(" (observation of %s n:%d)", displayName(e), e.ID)
		}
		results = append(results, item)
		text.WriteString(line + "\n")
	}
	if len(results) == 0 {
		text.WriteString("no results; try other words, mode \"text\" or \"vector\", fewer labels or a lower min_score\n")
	}
	out := map[string]any{"graph": t.name, "mode": mode, "query": query, "results": results, "count": len(results),
		"total": total, "offset": offset, "has_more": hasMore}
	if len(warnings) > 0 {
		out["warning"] = strings.Join(warnings, "; ")
		text.WriteString("warning: " + out["warning"].(string) + "\n")
	}
	return out, text.String(), nil
}

func preferCovering(idx []kgIndex, covers []bool) []kgIndex {
	var out []kgIndex
	for i, ix := range idx {
		if covers[i] {
			out = append(out, ix)
		}
	}
	if len(out) == 0 {
		return idx
	}
	return out
}

func toFloat(v value.Value) float64 {
	switch x := v.(type) {
	case value.Float:
		return float64(x)
	case value.Int:
		return float64(x)
	}
	return 0
}
