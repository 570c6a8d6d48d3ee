package vm

// Opcode is one VM instruction's operation. Operands are the A, B, C, D
// fields of Instr. Registers: R[i] holds a value.Value, N[i] an entity id
// (node or relationship; NullID when null) or a counter, S[i] a node set
// (roaring bitmap), V[i] a vector of values, one per lane of a batched
// scan. K[i] is constant i of the Program, X[i] its auxiliary
// operand i (a spec for cursors, tables and writes).
type Opcode uint8

// Opcodes, grouped. Each comment gives the operands and the effect.
const (
	// --- control ---
	OpNop           Opcode = iota // -
	OpGoto                        // A=target: pc = A
	OpHalt                        // -: the program ends
	OpJumpIfTrue                  // A=R, B=target: if R[A] is true, pc = B
	OpJumpIfNotTrue               // A=R, B=target: if R[A] is false or null, pc = B
	OpJumpIfNull                  // A=R, B=target: if R[A] is null, pc = B
	OpJumpIfIDNull                // A=N, B=target: if N[A] is NullID, pc = B
	OpJumpIfIDEq                  // A=N, B=N, C=target: if N[A] == N[B], pc = C
	OpJumpIfIDNe                  // A=N, B=N, C=target: if N[A] != N[B], pc = C
	OpResultRow                   // A=R start, B=count: emit R[A:A+B] as a result row
	OpLoadCounter                 // A=N, B=R: N[A] = R[B] as a non-negative integer (SKIP/LIMIT)
	OpSetCounter                  // A=N, B=value: N[A] = B
	OpDecrJumpZero                // A=N, B=target: if N[A] == 0 { pc = B } else { N[A]-- }
	OpSkipCounter                 // A=N, B=target: if N[A] > 0 { N[A]--; pc = B }
	OpIncr                        // A=N: N[A]++
	OpAddCounter                  // A=N, B=N: N[A] += N[B]
	OpSetNullID                   // A=N: N[A] = NullID
	OpSetNull                     // A=R, B=count: R[A:A+B] = null
	OpJumpN                       // A=N: pc = N[A] (return from a shared body)
	OpCounterVal                  // A=R, B=N: R[A] = N[B] as an integer
	OpCounterBool                 // A=R, B=N: R[A] = N[B] > 0
	OpJumpIfNonZero               // A=N, B=target: if N[A] != 0, pc = B

	// --- cursors (row-at-a-time pipelines) ---
	OpOpenAllNodes   // A=cursor: iterate every node
	OpOpenLabelScan  // A=cursor, B=K label name: iterate nodes with the label
	OpOpenSetScan    // A=cursor, B=S: iterate the node set S[B]
	OpNextNode       // A=cursor, B=N dst, C=target: next node into N[B]; when done pc = C
	OpOpenExpand     // A=cursor, B=N src, C=X expand spec: relationships of N[B]
	OpNextExpand     // A=cursor, B=N rel dst, C=N neighbour dst, D=target when done
	OpOpenVarExpand  // A=cursor, B=N src, C=X var-length spec: trails from N[B]
	OpNextVarExpand  // A=cursor, B=N end node dst, C=R relationship list dst, D=target when done
	OpOpenShortest   // A=cursor, B=N from, C=N to, D=X shortest spec: breadth-first search for shortest paths
	OpNextShortest   // A=cursor, B=R path dst, C=R relationship list dst, D=target when done
	OpShortestAccept // A=cursor: the path last yielded passed the pre-filter and counts towards k
	OpShortestTarget // A=cursor, B=N dst: the end node of the path last yielded (a search from one node)
	OpTxBegin        // A=X transactions spec, B=R batch size: start a CALL { } IN TRANSACTIONS run (intx.go)
	OpTxRow          // A=cursor over the outer rows, B=X result table, C=R batch dst, D=target when the body does not run for the row
	OpTxFailed       // A=cursor over the outer rows, B=X result table: roll back the failed batch and rewind to its first row
	OpTxEnd          // commit the last batch
	OpTxStatus       // A=R dst, B=R batch: the REPORT STATUS map of the batch
	OpTrap           // A=target: an error the statement may survive (ON ERROR CONTINUE, BREAK) jumps to A
	OpUntrap         // disarm OpTrap
	OpOpenCSV        // A=cursor, B=R url, C=X CSV spec: open a CSV file through the engine's file policy
	OpNextCSV        // A=cursor, B=R record dst, C=target when done
	OpOpenList       // A=cursor, B=R: iterate the list R[B] (null: nothing; non-list: one item)
	OpNextList       // A=cursor, B=R dst, C=target when done
	OpOpenTable      // A=cursor, B=X table: iterate a materialised table (sorted, aggregated, buffered)
	OpNextTable      // A=cursor, B=target when done: restores the table's registers
	OpOpenProc       // A=cursor, B=X procedure call spec: run a procedure into rows
	OpNextProc       // A=cursor, B=target when done: writes the yielded registers
	OpCloseCursor    // A=cursor: release resources
	OpOpenTypeCounts // A=cursor: iterate the relationship types in use with their counts
	OpNextTypeCount  // A=cursor, B=R type name dst, C=R count dst, D=target when done
	OpBatchFill      // A=cursor (a node scan), B=target: read the next batch of up to BatchSize nodes; when the scan is done pc = B
	OpBatchFilter    // A=cursor, B=X batch filter: drop the batch's nodes for which the predicate is not true
	OpBatchNext      // A=cursor, B=N dst, C=target: next node of the batch into N[B] (raising the lane's deferred error); when the batch is used up pc = C
	OpVecProp        // A=V dst, B=cursor, C=K key: V[A] = the property of each node of the batch
	OpVecNode        // A=V dst, B=cursor: V[A] = each node of the batch
	OpVecBroadcast   // A=V dst, B=R, C=cursor: V[A] = R[B] in every lane
	OpVecBinary      // A=V dst, B=V, C=V, D=X vector spec: V[A] = V[B] op V[C] lane by lane
	OpVecBinaryK     // A=V dst, B=V, C=R, D=X vector spec: V[A] = V[B] op R[C] lane by lane
	OpVecUnary       // A=V dst, B=V, C=X vector spec: V[A] = op V[B] lane by lane
	OpVecCall        // A=V dst, B=X argument registers ([]int32 of V), C=count, D=X vector spec: V[A] = f(args...) lane by lane
	OpVecFilter      // A=V condition, B=X vector filter spec: keep the lanes whose condition is true
	OpVecLoad        // A=R dst, B=V, C=cursor: R[A] = V[B] in the lane OpBatchNext just produced
	OpVecMask        // A=V condition, B=cursor, C=mask mode: vector instructions skip, until OpVecUnmask, the lanes skipped so far and those the condition's value excludes (vector_mask.go)
	OpVecUnmask      // A=cursor: undo the last OpVecMask
	OpVecSelect      // A=V result, B=V condition (-1: every lane), C=V value, D=X vector select spec: in the computed lanes not yet taken whose condition is true, V[A] = V[C] and the lane is taken (a CASE branch)
	OpVecDefer       // A=V condition, B=X vector filter spec: drop the lanes whose condition is false; keep the others, a failed lane's error deferred (vector_defer.go)
	OpVecDeferLoad   // A=R dst, B=V, C=cursor: R[A] = V[B] in the lane OpBatchNext just produced, and that lane's deferred error becomes the cursor's current one
	OpDeferredCheck  // A=R dst, B=R, C=cursor: raise the cursor's current deferred error, if any; else R[A] = R[B]

	// --- pattern checks ---
	OpHasLabels   // A=N node, B=X label expression, C=target: if N[A] does not match, pc = C
	OpCheckRelEnd // A=N rel, B=N expected start, C=N expected end, D=target: if the relationship does not connect them, pc = D
	OpRelIsType   // A=N rel, B=K list of type names, C=target: if the relationship's type is not listed, pc = C

	// --- tables ---
	OpTableAdd     // A=X table: append the table's registers as a row (buffer, sort)
	OpTableReset   // A=X table: empty the table
	OpResetTables  // A=X first, B=X end: empty every table whose spec lies in [A, B) (a subquery's entry)
	OpAggStep      // A=X aggregation: group by the key registers and feed the aggregators
	OpAggSet       // A=X aggregation (SetCount aggregates only), B=S: add the node set S[B] to the current row's group's distinct nodes (count(DISTINCT n); collect(DISTINCT n) appends the new ones in id order) or its size to its sums (count(*)); an empty set adds no group
	OpDistinctSeen // A=X distinct set, B=target: if the key registers were seen, pc = B; else remember them
	OpRankProbe    // A=X rank spec, B=R first value, C=R dst, D=target: if the group's keys are sorted, R[C] = how many compare with the value tuple from R[B] on as the spec says (or whether any do) and pc = D; else start filling the group
	OpRankAdd      // A=X rank spec, B=R first key: add the key tuple from R[B] on to the group being filled
	OpRankSeal     // A=X rank spec, B=R first value, C=R dst: sort the group being filled, remember it, and R[C] = the probe's answer for the tuple from R[B] on
	OpRankExtreme  // A=X rank spec (with Extreme), B=R value, C=R dst, D=target: R[C] = the least (greatest) key of the group last probed or sealed that compares with R[B] as the spec says; pc = D when the sorted keys cannot answer exactly
	OpRankList     // A=X list rank spec, B=R list then the values' bases, C=R dst, D=target: R[C] = how many of the list's elements' key tuples compare with the value tuple as the spec says (the list's keys sorted once per list); pc = D when the spec cannot answer exactly
	OpFoldSum      // A=X fold sum spec, B=R list, init, from, to, C=R dst, D=target: R[C] = the sum reduce() folds over the list's slice [from..to] from init (the list's prefix sums kept once per list); pc = D when the spec cannot answer exactly
	OpListMemo     // A=X list memo spec, B=R list, C=R dst, D=target: if R[B] is the list last remembered (by identity), R[C] = the value remembered for it and pc = D
	OpListMemoPut  // A=X list memo spec, B=R list, C=R value: remember R[C] as the value of the list R[B]
	OpValueMemo    // A=X value memo spec, B=R dst, C=target: if the spec's key registers hold a tuple remembered, R[B] = its value and pc = C; else keep the tuple for OpValueMemoPut (value_memo.go)
	OpValueMemoPut // A=X value memo spec, B=R value: remember R[B] for the tuple the last OpValueMemo kept

	// --- expressions: loads and moves ---
	OpConst    // A=R, B=K: R[A] = K[B]
	OpParam    // A=R, B=K parameter name: R[A] = $name (error when missing)
	OpMove     // A=R dst, B=R src
	OpMoveID   // A=N dst, B=N src
	OpNodeVal  // A=R, B=N: R[A] = node N[B] (null for NullID)
	OpRelVal   // A=R, B=N: R[A] = relationship N[B] (null for NullID)
	OpNodeID   // A=N, B=R, C=K message: N[A] = id of node R[B] (NullID for null; type error otherwise)
	OpRelID    // A=N, B=R: N[A] = id of relationship R[B] (NullID for null)
	OpNodeProp // A=R, B=N, C=K key: R[A] = property of node N[B] (null when absent)
	OpRelProp  // A=R, B=N, C=K key: R[A] = property of relationship N[B]
	OpProp     // A=R, B=R, C=K key: R[A] = R[B].key for maps, nodes, relationships, temporal values

	// --- expressions: operators (R registers) ---
	OpAdd        // A=R, B=R, C=R: R[A] = R[B] + R[C]
	OpSub        // A, B, C: R[A] = R[B] - R[C]
	OpMul        // A, B, C: R[A] = R[B] * R[C]
	OpDiv        // A, B, C: R[A] = R[B] / R[C]
	OpMod        // A, B, C: R[A] = R[B] % R[C]
	OpPow        // A, B, C: R[A] = R[B] ^ R[C]
	OpNeg        // A, B: R[A] = -R[B]
	OpEq         // A, B, C: R[A] = R[B] = R[C] (three-valued)
	OpNe         // A, B, C: R[A] = R[B] <> R[C]
	OpLt         // A, B, C: R[A] = R[B] < R[C]
	OpLe         // A, B, C: R[A] = R[B] <= R[C]
	OpGt         // A, B, C: R[A] = R[B] > R[C]
	OpGe         // A, B, C: R[A] = R[B] >= R[C]
	OpAnd        // A, B, C: three-valued AND
	OpOr         // A, B, C: three-valued OR
	OpXor        // A, B, C: three-valued XOR
	OpNot        // A, B: three-valued NOT (type error for non-booleans)
	OpIsNull     // A, B: R[A] = R[B] IS NULL
	OpIsNotNull  // A, B: R[A] = R[B] IS NOT NULL
	OpStartsWith // A, B, C
	OpEndsWith   // A, B, C
	OpContains   // A, B, C
	OpRegex      // A, B, C
	OpIn         // A, B, C: R[A] = R[B] IN R[C]
	OpIndex      // A, B, C: R[A] = R[B][R[C]]
	OpSlice      // A, B, C=from R or -1, D=to R or -1: R[A] = R[B][from..to]
	OpMkList     // A, B=R start, C=count: R[A] = [R[B], ..., R[B+C-1]]
	OpMkMap      // A, B=R start, C=count, D=K list of keys: R[A] = {k0: R[B], ...}
	OpCall       // A=R, B=overload id, C=R first argument, D=count: R[A] = f(args)
	OpLabelTest  // A=R, B=R node, C=X label expression: R[A] = node matches (null for null)
	OpAssertBool // A=R: type error unless R[A] is a boolean or null (WHERE, predicates)
	OpListAppend // A=R list, B=R value: R[A] = R[A] + [R[B]] (builds comprehension results in place, amortised)
	OpMkPath     // A=R dst, B=X path spec: R[A] = path from node and relationship registers
	// A=R dst, B=R xs, C=R ys, D=mode (ListSetNot, ListSetSize,
	// ListSetScalarList, ListSetQuantifier and its kind): R[A] = [x IN xs
	// WHERE [NOT] x IN ys], its size, or a quantifier over those tests,
	// by the set of ys's nodes (list_sets.go)
	OpListSetFilter
	// A=R dst, B=R xs, C=R node, D=X ListAdjSpec: R[A] = xs without the
	// elements whose one-hop pattern test against R[C] is spec.Drop
	// (list_adjacent.go); xs as it is when the test cannot be decided
	OpListAdjFilter
	// A=R dst, B=N node, C=X ExpandSpec, D=1 for relationships, 0 for
	// nodes: R[A] = the list of the far nodes (or the relationships) of
	// N[B]'s relationships matching the spec, in the order an expansion
	// enumerates them, [] for NullID (expand_lists.go)
	OpExpandList

	// --- writes ---
	OpCreateNode   // A=N dst, B=K label list, C=R properties map or -1
	OpCreateRel    // A=N dst, B=N start, C=N end, D=X create spec (type, properties register)
	OpSetProp      // A=R entity, B=K key, C=R value
	OpSetAllProps  // A=R entity, B=R map, C=1 to merge (+=), 0 to replace (=)
	OpSetLabels    // A=R entity, B=K label list, C=R list of computed labels (strings or lists of strings) or -1
	OpRemoveLabels // A=R entity, B=K label list, C=R list of computed labels (strings or lists of strings) or -1
	OpDelete       // A=R entity/path/null, B=1 when DETACH

	// --- set-at-a-time (S registers) ---
	OpSetAll           // A=S: S[A] = every node
	OpSetLabel         // A=S, B=K label name: S[A] = nodes with the label
	OpSetOfID          // A=S, B=N: S[A] = {N[B]} (empty for NullID)
	OpSetExpand        // A=S dst, B=S src, C=X expand spec: S[A] = neighbours of S[B]
	OpSetReach         // A=S dst, B=S src, C=X var-length spec: S[A] = nodes reachable in min..max hops (BFS frontier)
	OpSetAnd           // A, B, C: S[A] = S[B] AND S[C]
	OpSetOr            // A, B, C: S[A] = S[B] OR S[C]
	OpSetAndNot        // A, B, C: S[A] = S[B] AND NOT S[C]
	OpSetFilterLabels  // A=S dst, B=S src, C=X label expression
	OpSetCount         // A=R, B=S: R[A] = |S[B]|
	OpSetContains      // A=S, B=N, C=target: if N[B] is not in S[A], pc = C
	OpDegree           // A=R dst, B=N node, C=X expand spec: R[A] = the node's number of relationships of the spec
	OpSetFromIDs       // A=S dst, B=R list, C=1 for element ids, 0 for integer ids, 2 for nodes: S[A] = the existing nodes named
	OpSetIndexSeekMany // A=S dst, B=K label, C=K key, D=R list: S[A] = nodes whose property equals one of the list's values
	OpSetIndexSeek     // A=S dst, B=K label, C=K key, D=R value: S[A] = nodes with the label whose property equals R[D]
	OpSetIndexRange    // A=S dst, B=X range spec: S[A] = nodes with the spec's label whose property lies in its range (see RangeSpec)
	OpSetChain         // A=S dst, B=N src, C=X chain spec: S[A] = ends of the trails from N[B] along the chain's hops
	OpSetCommon        // A=S dst, B=N a, C=N b, D=X chain spec (hop from a, hop into b): S[A] = nodes x with a -h1- x -h2- b, distinct relationships (unless the spec sets AnyRels)
	OpCycleCount       // A=R dst, B=N node, C=X chain spec (3 directed hops): R[A] = number of closed cycles from the node
	OpDegreeTop        // A=S dst, B=S nodes, C=X degree-top spec: S[A] = the nodes of S[B] whose degree can be among the spec's first SKIP + LIMIT (see DegreeTopSpec)
	OpCheckAdjacent    // A=N from, B=N to, C=X expand spec, D=target: if no relationship of the spec joins them, pc = D
	OpSetNew           // A=S: S[A] = a new empty set, owned by the program (OpSetAdd and OpSetAddAll change it in place)
	OpSetAdd           // A=S, B=N: add N[B] to S[A] (a set from OpSetNew) in place; null adds nothing
	OpSetAddAll        // A=S, B=S: S[A] = S[A] OR S[B] in place (S[A] from OpSetNew)
	OpSetAddCounted    // A=S first of C sets from OpSetNew, B=N, C=k: add N[B] to the first of S[A..A+k-1] not holding it (S[A+i]: the nodes added more than i times); null adds nothing
	OpCountNew         // A=count map: M[A] = a new empty map from node to count
	OpCountAdd         // A=count map, B=N: add one to N[B]'s count in M[A]; null adds nothing
	OpCountGet         // A=N dst, B=count map, C=N node, D=target: N[A] = N[C]'s count in M[B]; if it is 0, pc = D
	OpJoinAdd          // A=X value join spec: add the build row (the spec's registers) under the key in its key registers; a null or NaN key adds nothing (value_join.go)
	OpJoinProbe        // A=cursor, B=X value join spec, C=R first probe key: the cursor iterates the build rows whose key may equal R[C:C+len(keys)]
	OpJoinNext         // A=cursor, B=target when done: restore the next candidate build row's registers
	OpKeyCountAdd      // A=X key count spec: count the build row under the key in its key registers, with its ordering value and entities (key_count.go)
	OpKeyCountOnce     // A=X key count spec, B=R first correlation value, C=target: if the build ran for these values, pc = C; else mark them
	OpKeyCount         // A=R dst, B=X key count spec, C=R first probe value: R[A] = number of build rows whose key equals the probe's and that pass the spec's tests

	// --- GraphProgram working graphs (Ctx.Working: W and a statement's result R) ---
	OpCollectRow     // A=target: count a result row; once R is truncated (its node limit left a node out), pc = A
	OpCollectNode    // A=N: add node N[A] to R (null adds nothing)
	OpCollectRel     // A=N: add relationship N[A] to R as a link, with its end nodes
	OpCollectValue   // A=R: add every node, relationship and path in R[A] (lists and maps searched) to R
	OpWorkingApply   // A=operator ('+', '-', '&', '?', '!'): W = W op R; an empty R aborts a '!'
	OpSetFromWorking // A=S dst, B=1 for the key property, 0 for element ids, 2 for W's nodes: S[A] = the nodes W's key list names (a semi-join with W), or W's graph nodes
	OpCollectSet     // A=S: add the nodes of S[A] to R, each counted as a row (up to R's node limit, in id order)

	OpSameStart  // A=N node, B=target: if the program does not write and this instruction last ran with the same node N[A], pc = B; else remember N[A] (step_memo.go)
	OpJumpIfSame // A=R, B=R, C=target: if R[A] and R[B] are the same value (value.Same: of the same kinds throughout and equal), pc = C

	numOpcodes
)

// opInfo holds per-opcode facts.
type opInfo struct {
	name     string
	operands int  // how many of A, B, C, D are used
	jump     int8 // index (0..3) of the operand holding a jump target, -1 when none
}

var opInfos = [numOpcodes]opInfo{
	OpNop: {"Nop", 0, -1}, OpGoto: {"Goto", 1, 0}, OpHalt: {"Halt", 0, -1},
	OpJumpIfTrue: {"JumpIfTrue", 2, 1}, OpJumpIfNotTrue: {"JumpIfNotTrue", 2, 1},
	OpJumpIfNull: {"JumpIfNull", 2, 1}, OpJumpIfIDNull: {"JumpIfIDNull", 2, 1},
	OpJumpIfIDEq: {"JumpIfIDEq", 3, 2}, OpJumpIfIDNe: {"JumpIfIDNe", 3, 2},
	OpResultRow: {"ResultRow", 2, -1}, OpLoadCounter: {"LoadCounter", 2, -1},
	OpSetCounter: {"SetCounter", 2, -1}, OpDecrJumpZero: {"DecrJumpZero", 2, 1},
	OpSkipCounter: {"SkipCounter", 2, 1}, OpIncr: {"Incr", 1, -1}, OpAddCounter: {"AddCounter", 2, -1},
	OpSetNullID: {"SetNullID", 1, -1}, OpSetNull: {"SetNull", 2, -1},
	OpJumpN: {"JumpN", 1, -1}, OpCounterVal: {"CounterVal", 2, -1}, OpCounterBool: {"CounterBool", 2, -1}, OpJumpIfNonZero: {"JumpIfNonZero", 2, 1},

	OpOpenAllNodes: {"OpenAllNodes", 1, -1}, OpOpenLabelScan: {"OpenLabelScan", 2, -1},
	OpOpenSetScan: {"OpenSetScan", 2, -1}, OpNextNode: {"NextNode", 3, 2},
	OpOpenExpand: {"OpenExpand", 3, -1}, OpNextExpand: {"NextExpand", 4, 3},
	OpOpenVarExpand: {"OpenVarExpand", 3, -1}, OpNextVarExpand: {"NextVarExpand", 4, 3},
	OpOpenShortest: {"OpenShortest", 4, -1}, OpNextShortest: {"NextShortest", 4, 3}, OpShortestAccept: {"ShortestAccept", 1, -1}, OpShortestTarget: {"ShortestTarget", 2, -1},
	OpTxBegin: {"TxBegin", 2, -1}, OpTxRow: {"TxRow", 4, 3}, OpTxFailed: {"TxFailed", 2, -1}, OpTxEnd: {"TxEnd", 0, -1},
	OpTxStatus: {"TxStatus", 2, -1}, OpTrap: {"Trap", 1, 0}, OpUntrap: {"Untrap", 0, -1},
	OpOpenCSV: {"OpenCSV", 3, -1}, OpNextCSV: {"NextCSV", 3, 2},
	OpOpenList: {"OpenList", 2, -1}, OpNextList: {"NextList", 3, 2},
	OpOpenTable: {"OpenTable", 2, -1}, OpNextTable: {"NextTable", 2, 1},
	OpOpenProc: {"OpenProc", 2, -1}, OpNextProc: {"NextProc", 2, 1},
	OpCloseCursor: {"CloseCursor", 1, -1},

	OpHasLabels: {"HasLabels", 3, 2}, OpCheckRelEnd: {"CheckRelEnd", 4, 3}, OpRelIsType: {"RelIsType", 3, 2},

	OpTableAdd: {"TableAdd", 1, -1}, OpTableReset: {"TableReset", 1, -1}, OpResetTables: {"ResetTables", 2, -1},
	OpAggStep: {"AggStep", 1, -1}, OpAggSet: {"AggSet", 2, -1}, OpDistinctSeen: {"DistinctSeen", 2, 1},
	OpRankProbe: {"RankProbe", 4, 3}, OpRankAdd: {"RankAdd", 2, -1}, OpRankSeal: {"RankSeal", 3, -1}, OpRankExtreme: {"RankExtreme", 4, 3},
	OpRankList: {"RankList", 4, 3}, OpFoldSum: {"FoldSum", 4, 3}, OpListMemo: {"ListMemo", 4, 3}, OpListMemoPut: {"ListMemoPut", 3, -1},
	OpValueMemo: {"ValueMemo", 3, 2}, OpValueMemoPut: {"ValueMemoPut", 2, -1},

	OpConst: {"Const", 2, -1}, OpParam: {"Param", 2, -1}, OpMove: {"Move", 2, -1},
	OpMoveID: {"MoveID", 2, -1}, OpNodeVal: {"NodeVal", 2, -1}, OpRelVal: {"RelVal", 2, -1},
	OpNodeID: {"NodeID", 3, -1}, OpRelID: {"RelID", 2, -1},
	OpNodeProp: {"NodeProp", 3, -1}, OpRelProp: {"RelProp", 3, -1}, OpProp: {"Prop", 3, -1},

	OpAdd: {"Add", 3, -1}, OpSub: {"Sub", 3, -1}, OpMul: {"Mul", 3, -1}, OpDiv: {"Div", 3, -1},
	OpMod: {"Mod", 3, -1}, OpPow: {"Pow", 3, -1}, OpNeg: {"Neg", 2, -1},
	OpEq: {"Eq", 3, -1}, OpNe: {"Ne", 3, -1}, OpLt: {"Lt", 3, -1}, OpLe: {"Le", 3, -1},
	OpGt: {"Gt", 3, -1}, OpGe: {"Ge", 3, -1},
	OpAnd: {"And", 3, -1}, OpOr: {"Or", 3, -1}, OpXor: {"Xor", 3, -1}, OpNot: {"Not", 2, -1},
	OpIsNull: {"IsNull", 2, -1}, OpIsNotNull: {"IsNotNull", 2, -1},
	OpStartsWith: {"StartsWith", 3, -1}, OpEndsWith: {"EndsWith", 3, -1},
	OpContains: {"Contains", 3, -1}, OpRegex: {"Regex", 3, -1}, OpIn: {"In", 3, -1},
	OpIndex: {"Index", 3, -1}, OpSlice: {"Slice", 4, -1},
	OpMkList: {"MkList", 3, -1}, OpMkMap: {"MkMap", 4, -1}, OpCall: {"Call", 4, -1},
	OpLabelTest: {"LabelTest", 3, -1}, OpAssertBool: {"AssertBool", 1, -1},
	OpListAppend: {"ListAppend", 2, -1}, OpMkPath: {"MkPath", 2, -1},
	OpListSetFilter: {"ListSetFilter", 4, -1}, OpListAdjFilter: {"ListAdjFilter", 4, -1}, OpExpandList: {"ExpandList", 4, -1},

	OpCreateNode: {"CreateNode", 3, -1}, OpCreateRel: {"CreateRel", 4, -1},
	OpSetProp: {"SetProp", 3, -1}, OpSetAllProps: {"SetAllProps", 3, -1},
	OpSetLabels: {"SetLabels", 3, -1}, OpRemoveLabels: {"RemoveLabels", 3, -1},
	OpDelete: {"Delete", 2, -1},

	OpSetAll: {"SetAll", 1, -1}, OpSetLabel: {"SetLabel", 2, -1}, OpSetOfID: {"SetOfID", 2, -1},
	OpSetExpand: {"SetExpand", 3, -1}, OpSetReach: {"SetReach", 3, -1},
	OpSetAnd: {"SetAnd", 3, -1}, OpSetOr: {"SetOr", 3, -1}, OpSetAndNot: {"SetAndNot", 3, -1},
	OpSetFilterLabels: {"SetFilterLabels", 3, -1}, OpSetCount: {"SetCount", 2, -1},
	OpSetContains: {"SetContains", 3, 2},
	OpSetChain:    {"SetChain", 3, -1}, OpCheckAdjacent: {"CheckAdjacent", 4, 3},
	OpSetNew: {"SetNew", 1, -1}, OpSetAdd: {"SetAdd", 2, -1}, OpSetAddAll: {"SetAddAll", 2, -1}, OpSetAddCounted: {"SetAddCounted", 3, -1},
	OpCountNew: {"CountNew", 1, -1}, OpCountAdd: {"CountAdd", 2, -1}, OpCountGet: {"CountGet", 4, 3},
	OpJoinAdd: {"JoinAdd", 1, -1}, OpJoinProbe: {"JoinProbe", 3, -1}, OpJoinNext: {"JoinNext", 2, 1},
	OpKeyCountAdd: {"KeyCountAdd", 1, -1}, OpKeyCountOnce: {"KeyCountOnce", 3, 2}, OpKeyCount: {"KeyCount", 3, -1},
	OpDegree: {"Degree", 3, -1}, OpSetCommon: {"SetCommon", 4, -1}, OpSetFromIDs: {"SetFromIDs", 3, -1}, OpSetIndexSeekMany: {"SetIndexSeekMany", 4, -1}, OpCycleCount: {"CycleCount", 3, -1}, OpDegreeTop: {"DegreeTop", 3, -1}, OpSetIndexSeek: {"SetIndexSeek", 4, -1}, OpSetIndexRange: {"SetIndexRange", 2, -1},

	OpOpenTypeCounts: {"OpenTypeCounts", 1, -1}, OpNextTypeCount: {"NextTypeCount", 4, 3},
	OpBatchFill: {"BatchFill", 2, 1}, OpBatchFilter: {"BatchFilter", 2, -1}, OpBatchNext: {"BatchNext", 3, 2},
	OpVecProp: {"VecProp", 3, -1}, OpVecNode: {"VecNode", 2, -1}, OpVecBroadcast: {"VecBroadcast", 3, -1},
	OpVecBinary: {"VecBinary", 4, -1}, OpVecBinaryK: {"VecBinaryK", 4, -1}, OpVecUnary: {"VecUnary", 3, -1}, OpVecCall: {"VecCall", 4, -1},
	OpVecFilter: {"VecFilter", 2, -1}, OpVecLoad: {"VecLoad", 3, -1},
	OpVecMask: {"VecMask", 3, -1}, OpVecUnmask: {"VecUnmask", 1, -1}, OpVecSelect: {"VecSelect", 4, -1},
	OpVecDefer: {"VecDefer", 2, -1}, OpVecDeferLoad: {"VecDeferLoad", 3, -1}, OpDeferredCheck: {"DeferredCheck", 3, -1},

	OpCollectRow: {"CollectRow", 1, 0}, OpCollectNode: {"CollectNode", 1, -1}, OpCollectRel: {"CollectRel", 1, -1},
	OpCollectValue: {"CollectValue", 1, -1}, OpWorkingApply: {"WorkingApply", 1, -1}, OpSetFromWorking: {"SetFromWorking", 2, -1},
	OpCollectSet: {"CollectSet", 1, -1},
	OpSameStart:  {"SameStart", 2, 1},
	OpJumpIfSame: {"JumpIfSame", 3, 2},
}

// String returns the opcode's name.
func (op Opcode) String() string {
	if op < numOpcodes && opInfos[op].name != "" {
		return opInfos[op].name
	}
	return "Op?"
}

// IsWrite reports whether the opcode changes the graph.
func (op Opcode) IsWrite() bool { return op >= OpCreateNode && op <= OpDelete }
