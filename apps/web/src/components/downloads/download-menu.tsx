import {
  CITATION_FILE,
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  downloadUrl,
  QUERY_FILE,
} from '@coral/core';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import './downloads.css';

/** Where the note on licences sends readers (the How to cite page). */
export const CITE_PAGE = '/cite';
export const LICENCE_NOTE =
  'Each file names the licences of the data in it; cite every dataset you use.';

interface DownloadMenuProps {
  /** The download folder (`downloadFolders.…` in @coral/core). */
  folder: string;
  /** The query every file is asked with: the map's filter, `hideFlagged=true`, or ''. */
  query?: string;
  /** What is downloaded, for screen readers: "Download the colonies of group Reef A". */
  label?: string;
  size?: 'sm' | 'lg';
}

/**
 * The open downloads of one source (decision 0015): a button opening a menu of plain links to the
 * API's files, so the browser downloads them itself (progress, resume, no memory limit). The
 * menu is keyboard usable (arrows, Escape) and wraps its text on a phone.
 */
export function DownloadMenu({ folder, query = '', label, size }: DownloadMenuProps) {
  const link = (file: string) => downloadUrl(folder, file, query);
  return (
    <Dropdown className="download-menu d-inline-block">
      <Dropdown.Toggle variant="outline-primary" size={size} aria-label={label}>
        Download
      </Dropdown.Toggle>
      {/* Fixed: the menu is not clipped by a scrolling table (the cart) or the map's overlay. */}
      <Dropdown.Menu className="download-menu__list shadow" popperConfig={{ strategy: 'fixed' }}>
        {DOWNLOAD_FORMAT_IDS.map((id) => (
          <Dropdown.Item key={id} href={link(DOWNLOAD_FORMATS[id].file)} download>
            <span className="d-block fw-semibold">{DOWNLOAD_FORMATS[id].label}</span>
            <span className="d-block small text-body-secondary">{DOWNLOAD_FORMATS[id].detail}</span>
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item href={link(CITATION_FILE)} download>
          Citation ({CITATION_FILE})
        </Dropdown.Item>
        <Dropdown.Item href={link(QUERY_FILE)} download>
          Query ({QUERY_FILE})
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.ItemText className="small text-body-secondary">{LICENCE_NOTE}</Dropdown.ItemText>
        <Dropdown.Item as={Link} to={CITE_PAGE} className="small">
          See How to cite
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
