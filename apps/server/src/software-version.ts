import rootPackage from '../../../package.json' with { type: 'json' };

/** The platform's release (the root package.json's version): named in every file it writes. */
export const SOFTWARE_VERSION: string = rootPackage.version;
