import { Descriptions, Grid, type DescriptionsProps } from 'antd';

/**
 * A detail page's bordered list of fields: side by side in `column` columns on a wide screen; below 768 px
 * one field per row with its label above (a label squeezed beside its value wraps a letter per line).
 */
export function DetailDescriptions({
  column = 2,
  ...props
}: Omit<DescriptionsProps, 'layout' | 'column'> & { column?: number }) {
  const screens = Grid.useBreakpoint();
  // before the first measure every breakpoint is unknown: wide, as most screens are
  const narrow = screens.md === false;
  return (
    <Descriptions
      bordered
      size="small"
      {...props}
      column={narrow ? 1 : column}
      layout={narrow ? 'vertical' : 'horizontal'}
    />
  );
}
