"""Publicações assinadas (issue 23, itens 4 e 5): o PDF público sai em PDF/A com a assinatura
PAdES do órgão (um certificado de teste gerado aqui, de uma autoridade de teste); a cópia
adulterada não confere; a página pública diz quem assinou e se a assinatura vale; o sha256 de
cada arquivo publicado vai ao registro de auditoria, e a cabeça do registro, com a data, às
páginas públicas e ao feed."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cotas.documentos.pdf import pdf_disponivel
from cotas_web.auditoria.integridade import conferir_cabecas, verificar_todas
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.publico import arquivos, assinatura
from cotas_web.tarefas.models import Tarefa

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not pdf_disponivel(), reason="sem WeasyPrint para o PDF"),
]

ORGAO = "Prefeitura Municipal de Teste"


def _certificados(pasta: Path) -> tuple[Path, Path]:
    """Uma autoridade certificadora de teste e o certificado do órgão emitido por ela: o
    PKCS#12 do órgão (com a senha "senha-de-teste") e o PEM da raiz."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import NameOID

    agora = datetime.now(UTC)

    def nome(cn: str) -> x509.Name:
        return x509.Name(
            [
                x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Autoridade de Teste"),
                x509.NameAttribute(NameOID.COMMON_NAME, cn),
            ]
        )

    def uso(*, ac: bool) -> x509.KeyUsage:
        return x509.KeyUsage(
            digital_signature=not ac,
            content_commitment=not ac,
            key_encipherment=False,
            data_encipherment=False,
            key_agreement=False,
            key_cert_sign=ac,
            crl_sign=ac,
            encipher_only=False,
            decipher_only=False,
        )

    chave_ac = ec.generate_private_key(ec.SECP256R1())
    raiz = (
        x509.CertificateBuilder()
        .subject_name(nome("AC Raiz de Teste"))
        .issuer_name(nome("AC Raiz de Teste"))
        .public_key(chave_ac.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(agora - timedelta(days=1))
        .not_valid_after(agora + timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(uso(ac=True), critical=True)
        .sign(chave_ac, hashes.SHA256())
    )
    chave = ec.generate_private_key(ec.SECP256R1())
    orgao = (
        x509.CertificateBuilder()
        .subject_name(nome(ORGAO))
        .issuer_name(raiz.subject)
        .public_key(chave.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(agora - timedelta(days=1))
        .not_valid_after(agora + timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(uso(ac=False), critical=True)
        .sign(chave_ac, hashes.SHA256())
    )
    p12 = pasta / "orgao.p12"
    p12.write_bytes(
        pkcs12.serialize_key_and_certificates(
            b"orgao",
            chave,
            orgao,
            [raiz],
            serialization.BestAvailableEncryption(b"senha-de-teste"),
        )
    )
    pem = pasta / "raiz.pem"
    pem.write_bytes(raiz.public_bytes(serialization.Encoding.PEM))
    return p12, pem


@pytest.fixture
def com_certificado(settings: Any, tmp_path: Path) -> Path:
    p12, raiz = _certificados(tmp_path)
    settings.COTAS_ASSINATURA_PKCS12 = str(p12)
    settings.COTAS_ASSINATURA_SENHA = "senha-de-teste"
    settings.COTAS_ASSINATURA_RAIZES = [str(raiz)]
    return raiz


def _pdf_a(pdf: bytes) -> bool:
    """Se o PDF se declara PDF/A (a identificação `pdfaid` nos metadados XMP do catálogo)."""
    import io

    from pypdf import PdfReader

    raiz: Any = PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    return b"pdfaid:part" in raiz["/Metadata"].get_object().get_data()


def _baixar_pdf(certame: Any) -> bytes:
    r = Client().get(reverse("publico:baixar", args=[certame.pk, "listas", "pdf"]))
    assert r.status_code == 200, r.content[:300]
    return bytes(r.content)


def test_pdf_publicado_assinado_confere_e_copia_adulterada_nao(
    certame_homologado: Any, com_certificado: Path, settings: Any
) -> None:
    pdf = _baixar_pdf(certame_homologado)
    assert _pdf_a(pdf)
    assert b"/ETSI.CAdES.detached" in pdf  # PAdES
    c = assinatura.conferir(pdf)
    assert (c.assinado, c.integra, c.confiavel, c.valida) == (True, True, True, True)
    assert c.signatario == f"{ORGAO} (Autoridade de Teste)"
    assert c.emissor == "AC Raiz de Teste (Autoridade de Teste)"
    assert c.frase().startswith(f"Assinatura válida: assinado por {ORGAO}")

    # Um byte mudado no conteúdo assinado: não confere.
    adulterado = bytearray(pdf)
    meio = len(pdf) // 3
    adulterado[meio] = (adulterado[meio] + 1) % 256
    ruim = assinatura.conferir(bytes(adulterado))
    assert (ruim.assinado, ruim.integra, ruim.valida) == (True, False, False)
    assert ruim.frase().startswith("Assinatura inválida")
    # Algo acrescentado depois da assinatura: a assinatura não cobre o arquivo inteiro.
    acrescentado = assinatura.conferir(pdf + b"\n% acrescentado depois\n")
    assert (acrescentado.integra, acrescentado.valida) == (False, False)
    # Íntegra, mas de uma autoridade que este servidor não reconhece: dito, e não "válida".
    settings.COTAS_ASSINATURA_RAIZES = []
    sem_raiz = assinatura.conferir(pdf)
    assert (sem_raiz.integra, sem_raiz.confiavel, sem_raiz.valida) == (True, False, False)
    assert "não encadeia numa autoridade certificadora reconhecida" in sem_raiz.frase()


def test_pagina_publica_diz_quem_assinou_e_se_vale(
    certame_homologado: Any, com_certificado: Path
) -> None:
    pk = certame_homologado.pk
    pdf = _baixar_pdf(certame_homologado)
    url = reverse("publico:publicados", args=[pk])
    pagina = Client().get(url).content.decode()
    assert f"Assinatura válida: assinado por {ORGAO} (Autoridade de Teste)" in pagina
    assert hashlib.sha256(pdf).hexdigest() in pagina
    assert "listas.pdf" in pagina
    # O arquivo do disco adulterado (o servidor o entregaria assim): a página o diz.
    tarefa = Tarefa.objects.get(certame=certame_homologado, parametros__formato="pdf")
    caminho = arquivos.caminho(tarefa)
    assert caminho is not None
    adulterado = bytearray(caminho.read_bytes())
    adulterado[len(adulterado) // 3] ^= 0xFF
    caminho.write_bytes(bytes(adulterado))
    pagina = Client().get(url).content.decode()
    assert "Assinatura inválida: o arquivo não é o que foi assinado" in pagina
    assert "Assinatura válida" not in pagina


def test_csv_de_um_cargo_com_o_cargo_no_registro_e_a_versao_igual_em_todo_lugar(
    certame_homologado: Any,
) -> None:
    """O CSV das listas de um cargo tem o nome do download no registro e na página dos
    arquivos (antes, "classificacao.csv" para todos os cargos); depois de publicado, os
    documentos e os textos dizem a mesma versão do certame que a API (a publicação contava
    para a versão dos documentos e não para a da API)."""
    from cotas_web.publico.selectors import fonte_do_certame
    from cotas_web.textos.selectors import carimbo_do_certame

    pk = certame_homologado.pk
    versao = versao_do_certame(pk)
    url = reverse("publico:baixar_tabela", args=[pk, "listas", "classificacao"])
    csv = Client().get(url, {"cargo": "PROF"})
    assert csv.status_code == 200
    assert "classificacao-PROF.csv" in csv["Content-Disposition"]
    registro = Registro.objects.get(certame_id=pk, acao="arquivo_publicado")
    assert [a["nome"] for a in registro.dados["arquivos"]] == ["classificacao-PROF.csv"]
    assert "classificacao-PROF.csv (sha256 " in registro.descricao
    pagina = Client().get(reverse("publico:publicados", args=[pk])).content.decode()
    assert "classificacao-PROF.csv</a>" in pagina
    assert versao_do_certame(pk) == versao
    assert fonte_do_certame(certame=certame_homologado).versao == versao
    assert carimbo_do_certame(certame_homologado).versao == versao
    api = Client().get(reverse("api:certame", args=[pk])).json()
    assert api["versao"] == versao


def test_sha256_de_cada_arquivo_publicado_no_registro_de_auditoria(
    certame_homologado: Any, com_certificado: Path
) -> None:
    pk = certame_homologado.pk
    versao = versao_do_certame(pk)
    pdf = _baixar_pdf(certame_homologado)
    csv = Client().get(
        reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"])
    )
    assert csv.status_code == 200
    registros = list(Registro.objects.filter(certame_id=pk, acao="arquivo_publicado"))
    assert len(registros) == 2
    por_formato = {r.dados["formato"]: r for r in registros}
    do_pdf = por_formato["pdf"].dados
    assert do_pdf["versao"] == versao and do_pdf["documento"] == "listas"
    assert do_pdf["arquivos"][0]["nome"] == "listas.pdf"
    assert do_pdf["arquivos"][0]["sha256"] == hashlib.sha256(pdf).hexdigest()
    assert do_pdf["arquivos"][0]["assinatura"]["valida"] is True
    assert do_pdf["arquivos"][0]["assinatura"]["signatario"] == f"{ORGAO} (Autoridade de Teste)"
    nomes_csv = [a["nome"] for a in por_formato["csv"].dados["arquivos"]]
    assert "nomeacoes.csv" in nomes_csv
    i = nomes_csv.index("nomeacoes.csv")
    assert por_formato["csv"].dados["arquivos"][i]["sha256"] == (
        hashlib.sha256(csv.content).hexdigest()
    )
    assert hashlib.sha256(pdf).hexdigest() in por_formato["pdf"].descricao
    # A publicação não muda a versão do certame: o arquivo continua o da versão atual, e o
    # pedido seguinte o entrega do disco, sem gerar nem registrar de novo.
    assert versao_do_certame(pk) == versao
    assert _baixar_pdf(certame_homologado) == pdf
    assert Registro.objects.filter(certame_id=pk, acao="arquivo_publicado").count() == 2
    assert all(e.integra for e in verificar_todas())


def test_sem_certificado_publica_sem_assinatura_e_diz(
    certame_homologado: Any, settings: Any
) -> None:
    settings.COTAS_ASSINATURA_PKCS12 = ""
    pdf = _baixar_pdf(certame_homologado)
    assert _pdf_a(pdf)
    c = assinatura.conferir(pdf)
    assert (c.assinado, c.valida) == (False, False)
    pagina = Client().get(reverse("publico:publicados", args=[certame_homologado.pk]))
    texto = pagina.content.decode()
    assert "publicados <strong>sem assinatura digital</strong>" in texto
    assert "Sem assinatura digital." in texto
    registro = Registro.objects.get(certame=certame_homologado, acao="arquivo_publicado")
    assert registro.dados["arquivos"][0]["assinatura"]["assinado"] is False


def test_certificado_que_nao_abre_falha_a_geracao_com_o_motivo(
    certame_homologado: Any, com_certificado: Path, settings: Any
) -> None:
    """Com um certificado configurado, o PDF nunca sai sem a assinatura calado: a geração falha
    e a página diz por quê."""
    settings.COTAS_ASSINATURA_SENHA = "senha-errada"
    assinatura._assinante.cache_clear()
    r = Client().get(reverse("publico:baixar", args=[certame_homologado.pk, "listas", "pdf"]))
    assert r.status_code == 503
    assert "certificado de assinatura" in r.content.decode()
    assert not Registro.objects.filter(acao="arquivo_publicado").exists()


def test_cabeca_do_registro_publicada_com_a_data_na_pagina_e_no_feed(
    certame_homologado: Any,
) -> None:
    """A cabeça da cadeia, com a data, na página pública do certame e no feed: quem a copia
    confere depois o registro contra ela (a mesma linha que `verificar_auditoria --cabecas`
    lê)."""
    import html
    import re

    pk = certame_homologado.pk
    ultimo = Registro.objects.filter(certame_id=pk).order_by("-id").first()
    assert ultimo is not None
    total = Registro.objects.filter(certame_id=pk).count()
    pagina = Client().get(reverse("certames:publico", args=[pk])).content.decode()
    assert ultimo.hash in pagina
    assert f"tem {total} registro(s)" in pagina
    publicados = Client().get(reverse("publico:publicados", args=[pk])).content.decode()
    achada = re.search(r'<pre class="cabeca-jsonl">(.*?)</pre>', publicados)
    assert achada is not None
    linha = html.unescape(achada[1])
    assert conferir_cabecas([linha], "página") == []
    # Um registro reescrito depois não confere com a linha copiada.
    adulterada = linha.replace(ultimo.hash, "0" * 64)
    assert conferir_cabecas([adulterada], "página") != []

    feed = Client().get(reverse("dados_abertos:feed_certame", args=[pk]))
    raiz = ET.fromstring(feed.content)
    subtitulo = raiz.findtext("{http://www.w3.org/2005/Atom}subtitle") or ""
    assert ultimo.hash in subtitulo and f"{total} registro(s)" in subtitulo
    assert re.search(r"Registro de auditoria em \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", subtitulo)
