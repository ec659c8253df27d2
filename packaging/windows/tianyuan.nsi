; The Windows installer of Tianyuan (天元), built on Linux with Debian's NSIS:
;   make windows-installer   (scripts/build-windows.sh runs makensis on this file)
;
; Per user, without administrator rights (school PCs): the program goes to
; %LOCALAPPDATA%\Programs\Tianyuan, everything else to HKEY_CURRENT_USER. It installs
;   - tianyuan.exe (the program and its command line) and tianyuanw.exe (starts it without a
;     console window: what the Start menu entry and a double-clicked record run);
;   - a Start menu entry with the board's icon;
;   - the .sgf file type, opening in Tianyuan (and "Open with" for any .sgf);
;   - an uninstaller, listed in Settings > Apps;
;   - optionally: a desktop shortcut, and the program's folder on the user's PATH (for
;     `tianyuan gtp` in other Go programs, `tianyuan check` in a terminal).
; The user's games and settings (%APPDATA%\Tianyuan) are not the installer's: the uninstaller
; removes them only when asked to (a box to tick, or /PURGE when silent).
;
; Silent use (command line switches, case-insensitive):
;   Tianyuan-Setup-VERSION.exe /S [/PATH] [/DESKTOP] [/NOSGF] [/D=FOLDER]
;   "%LOCALAPPDATA%\Programs\Tianyuan\uninstall.exe" /S [/PURGE]
;
; Defines given by the build script: VERSION (0.1.0), DIST (the folder holding tianyuan.exe,
; tianyuanw.exe and the documents), OUTFILE (the installer to write), ICON (tianyuan.ico).

; A 64-bit installer for a 64-bit program (Windows on 32 bits cannot run it anyway).
Target amd64-unicode
SetCompressor /SOLID lzma
ManifestDPIAware true
RequestExecutionLevel user

!ifndef VERSION
  !error "makensis -DVERSION=X.Y.Z -DDIST=... -DOUTFILE=... -DICON=..."
!endif

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "Sections.nsh"
!include "WinMessages.nsh"
!include "StrFunc.nsh"
${StrStr}
${UnStrRep}

!define PRODUCT "Tianyuan"
!define SHOWN_NAME "天元 Tianyuan"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Tianyuan"
!define PROGID "Tianyuan.sgf"
!define SHORTCUT "${SHOWN_NAME}.lnk"

Name "${SHOWN_NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${PRODUCT}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ShowInstDetails show
ShowUninstDetails show
BrandingText "${SHOWN_NAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${PRODUCT} ${VERSION} Setup"
VIAddVersionKey /LANG=1033 "CompanyName" "Tianyuan developers"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT OR Apache-2.0"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\tianyuanw.exe"
!define MUI_UNCOMPONENTSPAGE_NODESC

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the fallback; NSIS picks the one of the user's Windows.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "TradChinese"

LangString SecProgram ${LANG_ENGLISH} "Tianyuan (required)"
LangString SecProgram ${LANG_SIMPCHINESE} "天元（必需）"
LangString SecProgram ${LANG_TRADCHINESE} "天元（必要）"
LangString SecStartMenu ${LANG_ENGLISH} "Start menu entry"
LangString SecStartMenu ${LANG_SIMPCHINESE} "开始菜单项"
LangString SecStartMenu ${LANG_TRADCHINESE} "開始功能表項目"
LangString SecSgf ${LANG_ENGLISH} "Open .sgf game records in Tianyuan"
LangString SecSgf ${LANG_SIMPCHINESE} "用天元打开 .sgf 棋谱"
LangString SecSgf ${LANG_TRADCHINESE} "用天元開啟 .sgf 棋譜"
LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_SIMPCHINESE} "桌面快捷方式"
LangString SecDesktop ${LANG_TRADCHINESE} "桌面捷徑"
LangString SecPath ${LANG_ENGLISH} "Add to PATH (the tianyuan command in a terminal)"
LangString SecPath ${LANG_SIMPCHINESE} "加入 PATH（在终端中使用 tianyuan 命令）"
LangString SecPath ${LANG_TRADCHINESE} "加入 PATH（在終端機中使用 tianyuan 命令）"
LangString SecPurge ${LANG_ENGLISH} "Also delete my games and settings (%APPDATA%\Tianyuan)"
LangString SecPurge ${LANG_SIMPCHINESE} "同时删除我的对局和设置（%APPDATA%\Tianyuan）"
LangString SecPurge ${LANG_TRADCHINESE} "同時刪除我的對局和設定（%APPDATA%\Tianyuan）"
LangString SgfType ${LANG_ENGLISH} "Go game record"
LangString SgfType ${LANG_SIMPCHINESE} "围棋棋谱"
LangString SgfType ${LANG_TRADCHINESE} "圍棋棋譜"
LangString PathTooLong ${LANG_ENGLISH} "Your PATH is too long to change safely; it was left as it is."
LangString PathTooLong ${LANG_SIMPCHINESE} "PATH 太长，无法安全修改，已保持原样。"
LangString PathTooLong ${LANG_TRADCHINESE} "PATH 太長，無法安全修改，已保持原樣。"

; ---------------------------------------------------------------------------------------------
; Install

Section "!$(SecProgram)" SEC_PROGRAM
  SectionIn RO
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  File "${DIST}\tianyuan.exe"
  File "${DIST}\tianyuanw.exe"
  File "${DIST}\README.md"
  File "${DIST}\NOTICE-DroidSansFallback.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${SHOWN_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Tianyuan developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\tianyuan.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"

  ; "Open with" offers Tianyuan for any .sgf, also when another program is the default.
  WriteRegStr HKCU "Software\Classes\Applications\tianyuanw.exe" "FriendlyAppName" "${SHOWN_NAME}"
  WriteRegStr HKCU "Software\Classes\Applications\tianyuanw.exe\SupportedTypes" ".sgf" ""
  WriteRegStr HKCU "Software\Classes\Applications\tianyuanw.exe\shell\open\command" "" '"$INSTDIR\tianyuanw.exe" "%1"'
SectionEnd

Section "$(SecStartMenu)" SEC_STARTMENU
  SetShellVarContext current
  CreateShortCut "$SMPROGRAMS\${SHORTCUT}" "$INSTDIR\tianyuanw.exe" "" "$INSTDIR\tianyuan.exe" 0
SectionEnd

Section "$(SecSgf)" SEC_SGF
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "$(SgfType)"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\tianyuan.exe,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\tianyuanw.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.sgf" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.sgf\OpenWithProgids" "${PROGID}" ""
  ; Explorer reads the new association at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section /o "$(SecDesktop)" SEC_DESKTOP
  SetShellVarContext current
  CreateShortCut "$DESKTOP\${SHORTCUT}" "$INSTDIR\tianyuanw.exe" "" "$INSTDIR\tianyuan.exe" 0
SectionEnd

Section /o "$(SecPath)" SEC_PATH
  ; The user's own PATH (HKCU\Environment), never the machine's. NSIS strings hold 1024
  ; characters: a longer PATH is left alone rather than cut.
  ClearErrors
  ReadRegStr $0 HKCU "Environment" "Path"
  ${If} ${Errors}
    Call PathValueExists
    Pop $1
    ${If} $1 == 1
      DetailPrint "$(PathTooLong)"
      Goto path_done
    ${EndIf}
    StrCpy $0 ""
  ${EndIf}
  ${StrStr} $1 ";$0;" ";$INSTDIR;"
  ${If} $1 != ""
    Goto path_done   ; there already
  ${EndIf}
  StrLen $1 "$0;$INSTDIR"
  ${If} $1 >= 1000
    DetailPrint "$(PathTooLong)"
    Goto path_done
  ${EndIf}
  ${If} $0 == ""
    WriteRegExpandStr HKCU "Environment" "Path" "$INSTDIR"
  ${Else}
    WriteRegExpandStr HKCU "Environment" "Path" "$0;$INSTDIR"
  ${EndIf}
  ; The uninstaller takes out only what was put in.
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "AddedToPath" 1
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=2000
  path_done:
SectionEnd

; Pushes 1 when HKCU\Environment has a value named Path (whatever its length), else 0.
Function PathValueExists
  Push $R0
  Push $R1
  StrCpy $R0 0
  loop:
    ClearErrors
    EnumRegValue $R1 HKCU "Environment" $R0
    ${If} ${Errors}
    ${OrIf} $R1 == ""
      StrCpy $R1 0
      Goto done
    ${EndIf}
    ${If} $R1 == "Path"
      StrCpy $R1 1
      Goto done
    ${EndIf}
    IntOp $R0 $R0 + 1
    Goto loop
  done:
  StrCpy $R0 $R1
  Pop $R1
  Exch $R0
FunctionEnd

Function .onInit
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/PATH" $R1
  ${IfNot} ${Errors}
    !insertmacro SelectSection ${SEC_PATH}
  ${EndIf}
  ClearErrors
  ${GetOptions} $R0 "/DESKTOP" $R1
  ${IfNot} ${Errors}
    !insertmacro SelectSection ${SEC_DESKTOP}
  ${EndIf}
  ClearErrors
  ${GetOptions} $R0 "/NOSGF" $R1
  ${IfNot} ${Errors}
    !insertmacro UnselectSection ${SEC_SGF}
  ${EndIf}
FunctionEnd

; ---------------------------------------------------------------------------------------------
; Uninstall

Section "un.$(SecProgram)" UNSEC_PROGRAM
  SectionIn RO
  SetShellVarContext current
  Delete "$SMPROGRAMS\${SHORTCUT}"
  Delete "$DESKTOP\${SHORTCUT}"

  ; The file type, only what points at us: another program's association stays.
  ReadRegStr $0 HKCU "Software\Classes\.sgf" ""
  ${If} $0 == "${PROGID}"
    DeleteRegValue HKCU "Software\Classes\.sgf" ""
  ${EndIf}
  DeleteRegValue HKCU "Software\Classes\.sgf\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.sgf\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.sgf"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "Software\Classes\Applications\tianyuanw.exe"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  ReadRegDWORD $0 HKCU "${UNINSTALL_KEY}" "AddedToPath"
  ${If} $0 == 1
    Call un.RemoveFromPath
  ${EndIf}
  DeleteRegKey HKCU "${UNINSTALL_KEY}"

  Delete "$INSTDIR\tianyuan.exe"
  Delete "$INSTDIR\tianyuanw.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\NOTICE-DroidSansFallback.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  ; %LOCALAPPDATA%\Programs, when we made it and nothing else lives there.
  RMDir "$LOCALAPPDATA\Programs"
SectionEnd

Section /o "un.$(SecPurge)" UNSEC_PURGE
  SetShellVarContext current
  RMDir /r "$APPDATA\${PRODUCT}"
SectionEnd

Function un.RemoveFromPath
  ClearErrors
  ReadRegStr $0 HKCU "Environment" "Path"
  ${If} ${Errors}
    Return   ; gone, or too long to rewrite safely
  ${EndIf}
  ${UnStrRep} $1 ";$0;" ";$INSTDIR;" ";"
  ; Drop the two separators added around it.
  StrCpy $1 $1 "" 1
  StrCpy $1 $1 -1
  ${If} $1 == ""
    DeleteRegValue HKCU "Environment" "Path"
  ${Else}
    WriteRegExpandStr HKCU "Environment" "Path" "$1"
  ${EndIf}
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=2000
FunctionEnd

Function un.onInit
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/PURGE" $R1
  ${IfNot} ${Errors}
    !insertmacro SelectSection ${UNSEC_PURGE}
  ${EndIf}
FunctionEnd
