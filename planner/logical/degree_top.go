package logical

import (
	"fmt"

	"github.com/cyqdb/cyq/parser/ast"
)

// DegreeTop narrows a NodeScan to the nodes whose degree, read by the
// Degree right after the scan, can be among the first Skip + Limit rows
// of the Sort that follows, whose first key is that degree (descending
// with Desc) and whose rows are one per node: a node is left out only
// when Skip + Limit other nodes have a degree strictly better. The
// degrees are read from the image's per-node totals, split over ranges
// of node ids between goroutines (see vm.DegreeTopSpec).
type DegreeTop struct {
	Degree      Degree
	Skip, Limit ast.Expr // Skip nil when there is none
	Desc        bool
	// DropZero: a filter after the degree read drops the rows of
	// degree zero, so such nodes rank nowhere.
	DropZero bool
}

// Detail is the narrowing as EXPLAIN shows it, after the scan's detail.
func (t *DegreeTop) Detail() string {
	k := expr(t.Limit)
	if t.Skip != nil {
		k = expr(t.Skip) + " + " + k
	}
	order := "ASC"
	if t.Desc {
		order = "DESC"
	}
	return fmt.Sprintf(", top %s by degree %s", k, order)
}
