import { formatLongUsLocalDate, type TCartGroup } from '@coral/core';
import { Fragment } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ChevronRightIcon, PencilIcon, TrashIcon } from '@/components/action-icons';
import { ColonyTable } from './colony-table';
import { GroupDownloads } from './group-downloads';

const coloniesId = (groupId: number) => `cart-group-${groupId}-colonies`;

interface GroupTableProps {
  groups: readonly TCartGroup[];
  selected: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  onToggleSelected: (groupId: number) => void;
  onToggleExpanded: (groupId: number) => void;
  onRename: (group: TCartGroup) => void;
  onDelete: (group: TCartGroup) => void;
}

/**
 * The group table (product-spec §2): checkbox, Group Name with an expand arrow, Colonies (count
 * badge), Created (local date) and Actions (rename, delete). An expanded group shows its downloads
 * and colonies in a row underneath.
 */
export function GroupTable({
  groups,
  selected,
  expanded,
  onToggleSelected,
  onToggleExpanded,
  onRename,
  onDelete,
}: GroupTableProps) {
  return (
    <div className="cart-group-scroll">
      <Table hover className="mb-0 align-middle cart-group-table">
        <caption className="visually-hidden">Cart groups</caption>
        <thead>
          <tr>
            <th scope="col" style={{ width: '3rem' }}>
              <span className="visually-hidden">Selected</span>
            </th>
            <th scope="col">Group Name</th>
            <th scope="col">Colonies</th>
            <th scope="col" className="d-none d-md-table-cell">
              Created
            </th>
            <th scope="col" className="text-end">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const isExpanded = expanded.has(group.id);
            const created = formatLongUsLocalDate(group.created_at);
            return (
              <Fragment key={group.id}>
                <tr data-group-id={group.id}>
                  <td>
                    <Form.Check
                      id={`cart-select-${group.id}`}
                      aria-label={`Select group ${group.name}`}
                      checked={selected.has(group.id)}
                      onChange={() => onToggleSelected(group.id)}
                    />
                  </td>
                  <th scope="row" className="fw-normal cart-group-name">
                    <Button
                      variant="link"
                      className="cart-expand-button d-inline-flex align-items-center gap-2 p-0 fw-semibold"
                      aria-expanded={isExpanded}
                      aria-controls={coloniesId(group.id)}
                      onClick={() => onToggleExpanded(group.id)}
                    >
                      <ChevronRightIcon className="cart-expand-icon" />
                      <span>{group.name}</span>
                    </Button>
                    {/* Phones have no Created column: the date goes under the name. */}
                    <div className="d-md-none small mt-1">
                      Created{' '}
                      <time dateTime={group.created_at} className="text-nowrap">
                        {created}
                      </time>
                    </div>
                  </th>
                  <td>
                    <Badge bg="primary" pill>
                      {group.colony_count}
                    </Badge>
                  </td>
                  <td className="text-nowrap d-none d-md-table-cell">
                    <time dateTime={group.created_at}>{created}</time>
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      className="me-2"
                      title="Rename"
                      onClick={() => onRename(group)}
                    >
                      <PencilIcon />
                      <span className="visually-hidden">Rename {group.name}</span>
                    </Button>
                    <Button
                      variant="outline-danger"
                      size="sm"
                      title="Delete"
                      onClick={() => onDelete(group)}
                    >
                      <TrashIcon />
                      <span className="visually-hidden">Delete {group.name}</span>
                    </Button>
                  </td>
                </tr>
                {isExpanded && (
                  <tr id={coloniesId(group.id)} className="cart-expanded-row">
                    <td colSpan={5} className="cart-expanded-cell">
                      <div className="cart-expanded-content">
                        <GroupDownloads group={group} />
                        <ColonyTable groupName={group.name} colonies={group.colonies} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
