import type { TCartGroup } from '@coral/core';
import { useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { cartErrorText } from '../api/cart-errors';
import { useDeleteGroup } from '../api/delete-group';
import { useExportCitations, useExportGroups } from '../api/export-groups';
import { useRenameGroup } from '../api/rename-group';
import {
  DEFAULT_CART_SORT,
  hiddenGroupsNote,
  nextSort,
  searchGroups,
  selectAllState,
  selectedIds,
  selectionCounter,
  shownSelectedIds,
  sortGroups,
  toggleOne,
  toggleVisible,
  type CartSort,
  type CartSortKey,
  type SelectionState,
} from '../utils/cart-state';
import { CartSearchAndSort, CartSelectionBar } from './cart-toolbar';
import { DeleteGroupModal } from './delete-group-modal';
import { GroupTable } from './group-table';
import { RenameGroupModal } from './rename-group-modal';

export const NO_GROUPS_FOUND = 'No groups found';
export const NO_GROUPS_FOUND_HINT = 'Try adjusting your search terms or filters.';

interface Dialog {
  kind: 'rename' | 'delete';
  group: TCartGroup;
  open: boolean;
  error: string | null;
  /** The group is gone: focus cannot return to its button. */
  done: boolean;
}

/**
 * The cart with groups (product-spec §2, §4): search, sort, selection, export, the group table, and
 * the rename and delete dialogs. A failed operation is shown as a dismissible message (decision
 * 0009).
 */
export function CartGroups({
  groups,
  refreshError,
}: {
  groups: readonly TCartGroup[];
  /** A failed reload while the last list is still shown; `at` tells failures apart. */
  refreshError: { text: string; at: number } | null;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CartSort>(DEFAULT_CART_SORT);
  const [selection, setSelection] = useState<SelectionState>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const [dismissedRefreshError, setDismissedRefreshError] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  const exporter = useExportGroups();
  const citer = useExportCitations();
  const exporting = exporter.isPending || citer.isPending;
  const renamer = useRenameGroup();
  const deleter = useDeleteGroup();

  const visible = useMemo(
    () => sortGroups(searchGroups(groups, search), sort),
    [groups, search, sort],
  );
  const visibleIds = useMemo(() => visible.map((group) => group.id), [visible]);
  const selected = useMemo(() => selectedIds(selection, groups), [selection, groups]);
  // What the counter counts and Export Selected exports: hidden groups stay selected, unexported.
  const shownSelected = useMemo(
    () => shownSelectedIds(selected, visibleIds),
    [selected, visibleIds],
  );

  const toggleExpanded = (groupId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });

  const runExport = (exportAll: boolean) => {
    if (exporting) return;
    setPageError(null);
    setAnnouncement('');
    exporter.mutate(
      { groupIds: shownSelected, exportAll },
      {
        onSuccess: (filename) => setAnnouncement(`Exported ${filename}.`),
        onError: (error) => setPageError(cartErrorText('export', error)),
      },
    );
  };

  /** The citations and licences of what Export Selected would export (decision 0054). */
  const runCitations = () => {
    if (exporting) return;
    setPageError(null);
    setAnnouncement('');
    citer.mutate(
      { groupIds: shownSelected, exportAll: false },
      {
        onSuccess: (filename) => setAnnouncement(`Downloaded ${filename}.`),
        onError: (error) => setPageError(cartErrorText('citations', error)),
      },
    );
  };

  const openDialog = (kind: Dialog['kind'], group: TCartGroup) => {
    renamer.reset();
    deleter.reset();
    setAnnouncement('');
    setDialog({ kind, group, open: true, error: null, done: false });
  };
  const closeDialog = (done = false) =>
    setDialog((current) => current && { ...current, open: false, done: current.done || done });
  const setDialogError = (error: string | null) =>
    setDialog((current) => current && { ...current, error });

  const saveName = (name: string) => {
    if (!dialog) return;
    const { group } = dialog;
    renamer.mutate(
      { id: group.id, name },
      {
        onSuccess: () => {
          setAnnouncement(`Renamed the group to ${name}.`);
          closeDialog();
        },
        onError: (error) => setDialogError(cartErrorText('rename', error)),
      },
    );
  };

  const confirmDelete = () => {
    if (!dialog || deleter.isPending) return;
    const { group } = dialog;
    deleter.mutate(group, {
      onSuccess: () => {
        setAnnouncement(`Deleted the group ${group.name}.`);
        setExpanded((current) => {
          const next = new Set(current);
          next.delete(group.id);
          return next;
        });
        closeDialog(true);
      },
      onError: (error) => setDialogError(cartErrorText('delete', error)),
    });
  };

  const afterDialog = () => {
    if (dialog?.done) listHeading.current?.focus();
    setDialog(null);
  };

  const shownRefreshError =
    refreshError && refreshError.at !== dismissedRefreshError ? refreshError.text : null;

  return (
    <>
      {shownRefreshError && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => setDismissedRefreshError(refreshError?.at ?? null)}
        >
          {shownRefreshError}
        </Alert>
      )}
      {pageError && (
        <Alert variant="danger" dismissible onClose={() => setPageError(null)}>
          {pageError}
        </Alert>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <Card>
        <div className="d-flex flex-column gap-3 p-3 border-bottom">
          <CartSearchAndSort
            search={search}
            onSearch={setSearch}
            sort={sort}
            onSort={(key: CartSortKey) => setSort((current) => nextSort(current, key))}
          />
          <CartSelectionBar
            selectAll={selectAllState(selected, visibleIds)}
            onToggleAll={() => setSelection(toggleVisible(selected, visibleIds))}
            counter={selectionCounter(shownSelected.length, visibleIds.length)}
            hiddenNote={hiddenGroupsNote(groups.length - visibleIds.length)}
            hasSelection={shownSelected.length > 0}
            exporting={exporting}
            onExportAll={() => runExport(true)}
            onExportSelected={() => runExport(false)}
            onCitations={runCitations}
          />
        </div>
        <div>
          <h2 ref={listHeading} tabIndex={-1} className="visually-hidden">
            Your groups
          </h2>
          {visible.length === 0 ? (
            <div className="text-center py-5 px-3" role="status">
              <h3 className="h5">{NO_GROUPS_FOUND}</h3>
              <p className="mb-0">{NO_GROUPS_FOUND_HINT}</p>
            </div>
          ) : (
            <GroupTable
              groups={visible}
              selected={selected}
              expanded={expanded}
              onToggleSelected={(id) => setSelection(toggleOne(selected, id))}
              onToggleExpanded={toggleExpanded}
              onRename={(group) => openDialog('rename', group)}
              onDelete={(group) => openDialog('delete', group)}
            />
          )}
        </div>
      </Card>
      <RenameGroupModal
        show={dialog?.kind === 'rename' && dialog.open}
        group={dialog?.kind === 'rename' ? dialog.group : null}
        busy={renamer.isPending}
        error={dialog?.kind === 'rename' ? dialog.error : null}
        onDismissError={() => setDialogError(null)}
        onCancel={() => closeDialog()}
        onSave={saveName}
        onExited={afterDialog}
      />
      <DeleteGroupModal
        show={dialog?.kind === 'delete' && dialog.open}
        group={dialog?.kind === 'delete' ? dialog.group : null}
        busy={deleter.isPending}
        error={dialog?.kind === 'delete' ? dialog.error : null}
        onDismissError={() => setDialogError(null)}
        onCancel={() => closeDialog()}
        onConfirm={confirmDelete}
        onExited={afterDialog}
        restoreFocus={!dialog?.done}
      />
    </>
  );
}
