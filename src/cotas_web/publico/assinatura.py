"""A assinatura digital dos PDF publicados (PAdES, com o pyHanko) e a sua conferência.

O órgão assina com o seu certificado (ICP-Brasil em produção), dado pelo ambiente: um PKCS#12
em `COTAS_ASSINATURA_PKCS12` com a senha em `COTAS_ASSINATURA_SENHA`. Sem ele, os arquivos saem
sem assinatura e a página diz isso. A conferência (a da página pública e a de quem baixou o
arquivo, com qualquer leitor de PAdES) diz se o arquivo é o que foi assinado, por quem e quando;
o certificado é conferido contra as raízes de `COTAS_ASSINATURA_RAIZES` (as da ICP-Brasil em
produção), nunca contra ele mesmo. Nada se busca na rede (sem OCSP nem CRL): a conferência só lê
o arquivo e as raízes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

CAMPO = "AssinaturaDoOrgao"
MOTIVO = "Publicação oficial"


class AssinaturaIndisponivel(RuntimeError):
    """O certificado configurado não pôde ser lido (caminho, senha ou formato)."""


def configurada() -> bool:
    return bool(settings.COTAS_ASSINATURA_PKCS12)


@lru_cache(maxsize=4)
def _assinante(caminho: str, senha: str) -> Any:
    from pyhanko.sign import signers

    try:
        assinante = signers.SimpleSigner.load_pkcs12(  # type: ignore[no-untyped-call]
            caminho, passphrase=senha.encode() or None
        )
    except (OSError, ValueError) as erro:
        raise AssinaturaIndisponivel(
            f"o certificado de assinatura ({caminho}) não pôde ser lido: {erro}"
        ) from None
    if assinante is None:  # (o pyHanko devolve None quando a senha ou o arquivo não servem)
        raise AssinaturaIndisponivel(
            f"o certificado de assinatura ({caminho}) não pôde ser aberto: confira o arquivo "
            "e a senha (COTAS_ASSINATURA_SENHA)"
        )
    return assinante


def assinar(pdf: bytes) -> bytes:
    """O PDF com a assinatura PAdES do órgão (uma atualização incremental: o PDF/A de dentro
    fica como era). Sem certificado configurado, o próprio PDF."""
    if not configurada():
        return pdf
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    assinante = _assinante(settings.COTAS_ASSINATURA_PKCS12, settings.COTAS_ASSINATURA_SENHA)
    metadados = signers.PdfSignatureMetadata(
        field_name=CAMPO,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
        reason=MOTIVO,
    )
    escritor = IncrementalPdfFileWriter(io.BytesIO(pdf))
    saida = signers.PdfSigner(metadados, signer=assinante).sign_pdf(escritor)
    return bytes(saida.getvalue())


@dataclass(frozen=True)
class Conferencia:
    """O que a conferência de um PDF diz. `integra`: o arquivo é, byte a byte, o que foi
    assinado (o resumo confere e a assinatura cobre o arquivo inteiro); `confiavel`: o
    certificado encadeia numa raiz configurada."""

    assinado: bool
    integra: bool = False
    confiavel: bool = False
    signatario: str = ""
    emissor: str = ""
    quando: datetime | None = None

    @property
    def valida(self) -> bool:
        return self.assinado and self.integra and self.confiavel

    def frase(self) -> str:
        """A situação numa frase, para a página pública e o registro de auditoria."""
        if not self.assinado:
            return "Sem assinatura digital."
        if not self.integra:
            return (
                "Assinatura inválida: o arquivo não é o que foi assinado (alterado depois da "
                "assinatura)."
            )
        quem = f"assinado por {self.signatario}"
        if self.quando is not None:
            quem += f" em {self.quando:%d/%m/%Y %H:%M}"
        if not self.confiavel:
            return (
                f"Assinatura íntegra ({quem}), mas o certificado não encadeia numa autoridade "
                "certificadora reconhecida por este servidor."
            )
        return f"Assinatura válida: {quem} (certificado emitido por {self.emissor})."


def _nome(certificado: Any) -> str:
    """O nome comum e a organização do titular, como a pessoa os lê."""
    partes = certificado.native
    nome = partes.get("common_name") or ""
    orgao = partes.get("organization_name") or ""
    if isinstance(orgao, list):
        orgao = ", ".join(orgao)
    return f"{nome} ({orgao})" if nome and orgao and orgao not in nome else nome or orgao


def _raizes() -> list[Any]:
    from asn1crypto import pem, x509

    raizes = []
    for caminho in settings.COTAS_ASSINATURA_RAIZES:
        dados = Path(caminho).read_bytes()
        if pem.detect(dados):
            raizes += [x509.Certificate.load(d) for _, _, d in pem.unarmor(dados, multiple=True)]
        else:
            raizes.append(x509.Certificate.load(dados))
    return raizes


def conferir(pdf: bytes) -> Conferencia:
    """Confere a assinatura do PDF (a última, a do órgão)."""
    from pyhanko.pdf_utils.misc import PdfReadError
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    try:
        assinaturas = PdfFileReader(io.BytesIO(pdf), strict=False).embedded_signatures
    except (PdfReadError, ValueError, KeyError):
        return Conferencia(assinado=True)  # (ilegível: nada confere)
    if not assinaturas:
        return Conferencia(assinado=False)
    contexto = ValidationContext(trust_roots=_raizes(), allow_fetching=False)
    try:
        estado = validate_pdf_signature(assinaturas[-1], contexto)
    except Exception:  # (uma assinatura malformada é uma assinatura que não confere)
        return Conferencia(assinado=True)
    integra = bool(
        estado.intact and estado.valid and estado.coverage == SignatureCoverageLevel.ENTIRE_FILE
    )
    certificado = estado.signing_cert
    return Conferencia(
        assinado=True,
        integra=integra,
        confiavel=integra and bool(estado.trusted),
        signatario=_nome(certificado.subject),
        emissor=_nome(certificado.issuer),
        quando=estado.signer_reported_dt,
    )


def conferir_arquivo(caminho: Path) -> Conferencia:
    """A conferência do arquivo no disco (guardada enquanto ele não muda)."""
    info = caminho.stat()
    return _conferir_guardado(str(caminho), info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=256)
def _conferir_guardado(caminho: str, _mtime: int, _tamanho: int) -> Conferencia:
    return conferir(Path(caminho).read_bytes())
