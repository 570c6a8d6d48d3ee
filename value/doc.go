// Package value is cyq's openCypher value model: the dynamic values that flow
// between storage, the VM, functions, results and the TCK runner.
//
// A Value is one of the concrete types in this package (Null, Bool, Int,
// Float, String, List, Map, Node, Rel, Path, Vector) or an Extension defined
// elsewhere (the temporal types). A nil Value is treated as Null everywhere.
//
// The package defines the three openCypher relations over values:
// equality (Equal, three-valued), comparability (Less and friends,
// three-valued) and the total ordering used by ORDER BY (Order), plus
// equivalence (Equivalent, AppendKey) used for grouping and DISTINCT.
package value
