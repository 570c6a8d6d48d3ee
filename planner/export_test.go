package planner

import "reflect"

// DisableDropUnused leaves dropUnused out of the rewrite rules until the
// returned function puts it back (differential tests compare both).
func DisableDropUnused() (restore func()) {
	saved := rules
	var without []rule
	for _, r := range rules {
		if reflect.ValueOf(r).Pointer() != reflect.ValueOf(dropUnused).Pointer() {
			without = append(without, r)
		}
	}
	if len(without) == len(saved) {
		panic("dropUnused is not a rewrite rule")
	}
	rules = without
	return func() { rules = saved }
}
