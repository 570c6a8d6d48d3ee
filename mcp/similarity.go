package mcp

import (
	"context"
	"math"
	"strings"

	"github.com/cyqdb/cyq/storage/search"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/value"
)

// nameDistance is the cosine distance between two names' built-in
// embeddings, the smaller of the names as written and with spaces and
// punctuation removed ("Open AI" and "OpenAI" are at distance 0).
// Names holding different numbers ("Python 2", "Python 3") are at
// distance 1.
func nameDistance(a, b string) float64 {
	ka, kb := typeKey(a), typeKey(b)
	if ka != "" && ka == kb {
		return 0
	}
	if numbersDiffer(a, b) {
		return 1
	}
	vs, _ := search.DefaultEmbedder{}.Embed(context.Background(), []string{strings.ToLower(a), strings.ToLower(b), ka, kb})
	return math.Max(0, math.Min(1-cosine(vs[0], vs[1]), 1-cosine(vs[2], vs[3])))
}

// numbersDiffer reports whether both names hold numbers and the numbers
// differ: such names are versions or members of a series, not duplicates.
func numbersDiffer(a, b string) bool {
	na, nb := numbers(a), numbers(b)
	return na != "" && nb != "" && na != nb
}

func numbers(s string) string {
	var b strings.Builder
	prev := false
	for _, r := range s {
		d := r >= '0' && r <= '9'
		if d {
			b.WriteRune(r)
		} else if prev {
			b.WriteByte(' ')
		}
		prev = d
	}
	return strings.TrimSpace(b.String())
}

// cosine is the cosine of the angle between a and b (0 when undefined),
// from the engine's SIMD kernel (which reports (1 + cos) / 2).
func cosine(a, b []float32) float64 {
	s, ok := functions.CosineSimilarity(a, b)
	if !ok {
		return 0
	}
	return 2*float64(s) - 1
}

// similar finds an entity whose name equals name (case-insensitive) or,
// when near is set, lies within the duplicate distance of it.
func (w *kgWriter) similar(ctx context.Context, name string, near bool) (n value.Node, d float64, exact, found bool, err error) {
	n, ok, err := findEntity(ctx, w.tx, name)
	if err != nil || ok {
		return n, 0, ok, ok, err
	}
	limit := w.s.cfg.DuplicateDistance
	if !near || limit <= 0 {
		return value.Node{}, 0, false, false, nil
	}
	best, bestD, found := value.Node{}, limit, false
	consider := func(c value.Node) {
		cn, _ := c.Props["name"].(value.String)
		if d := nameDistance(name, string(cn)); d < bestD {
			best, bestD, found = c, d, true
		}
	}
	// Candidates: the nearest names in the vector index (as of the
	// transaction's start) and the entities this transaction created.
	rows, err := w.all(ctx, `CALL db.index.vector.queryNodes($i, 10, $name) YIELD node RETURN id(node)`, map[string]any{"i": kgEntityVec, "name": name})
	if err != nil {
		return value.Node{}, 0, false, false, err
	}
	for _, r := range rows {
		if c, ok, err := w.node(ctx, uint32(r[0].(value.Int))); err != nil {
			return value.Node{}, 0, false, false, err
		} else if ok {
			consider(c)
		}
	}
	for _, c := range w.created {
		if cur, ok, err := w.node(ctx, c.ID); err != nil {
			return value.Node{}, 0, false, false, err
		} else if ok {
			consider(cur)
		}
	}
	return best, bestD, false, found, nil
}

// dot32 is the dot product of two L2-normalised vectors (their cosine).
func dot32(a, b []float32) float64 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return float64(s)
}
