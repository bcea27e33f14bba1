"""Leituras do certame: a lei com seus artigos e a reserva por cargo com a conta."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from cotas_web.ponte import leis, tela
from cotas_web.ponte.erros import ErroCotas
from cotas_web.rotulos import por_extenso, rotulo_da_coluna

from .models import Certame

if TYPE_CHECKING:
    from cotas_web.ponte.tipos import Regras


@dataclass(frozen=True)
class Lote:
    """Vagas oferecidas de uma vez: as do edital ou novas vagas numa data."""

    rotulo: str
    quantidade: int


@dataclass(frozen=True)
class ReservaCargo:
    cargo: Any
    vagas: int
    reservadas: dict[str, int]
    ampla: int
    memoria: list[str]
    erro: str = ""
    lotes: tuple[Lote, ...] = ()


def certames_visiveis(*, usuario: User | AnonymousUser) -> QuerySet[Certame]:
    """O público vê os certames publicados e não arquivados (um arquivado segue no seu
    endereço); o membro da comissão, só aqueles de cuja comissão faz parte; o RH e o auditor, só
    aqueles para os quais foram designados."""
    from cotas_web.contas.permissoes import COMISSAO, SISTEMA, papel_de

    papel = papel_de(usuario)
    if getattr(usuario, "is_superuser", False):
        return Certame.objects.all()
    # O público (e quem só administra o sistema): os publicados, não arquivados.
    if papel in (None, SISTEMA) or not isinstance(usuario, User):
        return Certame.objects.filter(publicado_em__isnull=False, arquivado_em__isnull=True)
    if papel == COMISSAO:
        return Certame.objects.filter(membros_comissao__usuario=usuario).distinct()
    return Certame.objects.filter(designacoes__usuario=usuario).distinct()


def lotes_do_cargo(cargo: Any) -> tuple[Lote, ...]:
    """As vagas oferecidas até agora, lote a lote, na ordem em que o motor as reencena (as do
    edital primeiro); antes da oferta do edital, as vagas que ele prevê."""
    ofertas = sorted(
        (o for o in cargo.ofertas.all() if o.sem_efeito_em is None),  # (as em vigor)
        key=lambda o: (not o.do_edital, o.data, o.pk),
    )
    if not ofertas:
        return (Lote("edital", cargo.vagas_edital),)
    return tuple(
        Lote("edital" if o.do_edital else f"novas vagas em {o.data:%d/%m/%Y}", o.quantidade)
        for o in ofertas
    )


def regras_do_certame(*, certame: Certame) -> Regras:
    """A lei aplicável ao certame e suas regras, pelo motor (as views não chamam a ponte)."""
    return leis.regras_do_certame(certame)


def grupos_na_tela(*, regras: Regras) -> tuple[tela.GrupoNaTela, ...]:
    """Os grupos da lei do certame como as telas os mostram (rótulo e verificação, da lei)."""
    return tela.grupos_na_tela(regras)


def reserva_por_cargo(*, certame: Certame) -> list[ReservaCargo]:
    """A reserva de cada cargo sobre as vagas oferecidas até agora (o edital e cada lote de novas
    vagas), com a memória de cálculo do motor."""
    regras = leis.regras_do_certame(certame)
    saida = []
    for cargo in certame.cargos.prefetch_related("ofertas"):
        lotes = lotes_do_cargo(cargo)
        total = sum(lt.quantidade for lt in lotes)
        try:
            r = leis.reserva(certame, regras, [lt.quantidade for lt in lotes], cargo=cargo.codigo)
        except ErroCotas as erro:
            saida.append(ReservaCargo(cargo, total, {}, 0, [], str(erro), lotes))
            continue
        saida.append(
            ReservaCargo(cargo, r.vagas, dict(r.reservadas), r.ampla, list(r.memoria), "", lotes)
        )
    return saida


def artigos_da_lei(*, regras: Regras) -> list[tela.ArtigoLei]:
    """Cada parâmetro da lei com o artigo que o fixa, para a página do certame, e o valor por
    extenso ("meio_para_cima" → a regra em palavras)."""
    return [
        replace(a, valor=", ".join(por_extenso(v) for v in a.valor.split(", ")))
        for a in tela.artigos_da_lei(regras)
    ]


def criterios_de_desempate(certame: Certame) -> list[str]:
    """Os critérios de desempate do edital em palavras, na ordem."""
    return [
        f"{rotulo_da_coluna(str(coluna))} ({'menor' if sentido == 'menor' else 'maior'} primeiro)"
        for coluna, sentido in certame.desempate
    ]


def certame_publico(*, pk: int, usuario: User | AnonymousUser) -> Certame:
    """O certame de uma página pública: um rascunho (ainda não publicado) só o vê quem o alcança
    (o RH e o auditor designados, a comissão que o integra); para os demais não existe."""
    from django.http import Http404
    from django.shortcuts import get_object_or_404

    from cotas_web.contas.permissoes import alcanca_o_certame, papel_de

    certame = get_object_or_404(Certame, pk=pk)
    if certame.publicado:
        return certame
    if (
        isinstance(usuario, User)
        and papel_de(usuario) is not None
        and alcanca_o_certame(usuario, certame.pk)
    ):
        return certame
    if getattr(usuario, "is_superuser", False):
        return certame
    raise Http404("Este certame ainda não foi publicado.")


def fundamento_da_homologacao(certame: Certame) -> str:
    """O artigo que diz quando se homologa (o momento da verificação, quando a lei tem comissão);
    sem ele, o da vigência da lei aplicada."""
    regras = leis.regras_do_certame(certame)
    if regras.comissao is not None:
        ref = regras.comissao.referencias.get("momento")
        if ref is not None:
            return str(ref.citacao())
    return str(regras.lei.referencia_vigencia.citacao())


def nomes_na_data(certame: Certame, dia: date) -> tuple[str, dict[str, str]]:
    """O nome do certame e o de cada cargo como eram em `dia`: o texto de um ato publicado
    antes de uma retificação continua com os nomes que ele usou (antes, a portaria de 04/12
    gerada depois de uma retificação de 06/12 saía com o nome novo do cargo). Desfaz, da mais
    nova para a mais antiga, cada retificação de data posterior a `dia`."""
    from .services import NOME_DO_CERTAME_ALTERADO, nome_do_cargo_alterado

    nome = certame.nome
    cargos = dict(certame.cargos.values_list("codigo", "nome"))
    chaves = {nome_do_cargo_alterado(codigo): codigo for codigo in cargos}
    for retificacao in certame.retificacoes.filter(data__gt=dia).order_by("-data", "-id"):
        for alteracao in reversed(retificacao.alteracoes):
            if alteracao["o_que"] == NOME_DO_CERTAME_ALTERADO:
                nome = alteracao["antes"]
            elif (codigo := chaves.get(alteracao["o_que"])) is not None:
                cargos[codigo] = alteracao["antes"]
    return nome, cargos


def slug_do_certame(certame: Certame) -> str:
    """O começo do nome de todo arquivo do certame: "concurso-01-2025" (de "Concurso 01/2025"),
    para que os arquivos de certames diferentes não tenham o mesmo nome."""
    from cotas.documentos.texto import slug

    return slug(certame.nome) or f"certame-{certame.pk}"


@dataclass(frozen=True)
class SorteioNaTela:
    """Um sorteio entre cargos do edital, como a página do certame o mostra: a ata, como se
    publica, e os cargos do sorteio que o certame ainda não cadastrou (sem eles, o motor recusa
    o certame)."""

    ata: str
    faltam: tuple[str, ...] = ()


def sorteios_na_tela(*, certame: Certame, regras: Regras) -> list[SorteioNaTela]:
    """A ata de cada sorteio entre cargos do edital do certame (vazia: o edital não sorteia)."""
    from cotas.documentos.sorteio import atas

    if regras.do_edital is None or not regras.do_edital.sorteios:
        return []
    cadastrados = set(certame.cargos.values_list("codigo", flat=True))
    return [
        SorteioNaTela(ata, tuple(c for c in sorteio.cargos if c not in cadastrados))
        for sorteio, ata in zip(regras.do_edital.sorteios, atas(regras), strict=True)
    ]


@dataclass(frozen=True)
class EditalNaTela:
    """O edital como dado de um certame, como a página o mostra: o número, o arquivo e o
    sha256, o modelo na versão usada, e os valores por assunto, nas palavras da lei; de cada um,
    o valor informado pelo operador que o substitui, se há. `erro`: o edital guardado não pôde
    ser lido (a mensagem do leitor)."""

    norma: str = ""
    arquivo: str = ""
    sha256: str = ""
    modelo: Any = None  # (o `ModeloDeEdital` guardado)
    modelo_sha256: str = ""
    assuntos: tuple[Any, ...] = ()
    substituidos: dict[str, Any] | None = None
    erro: str = ""


def edital_na_tela(*, certame: Certame) -> EditalNaTela | None:
    """O edital do certame para a página (None: o certame não tem o edital como dado)."""
    import hashlib

    from .editais import assuntos_na_tela

    if not certame.edital_texto:
        return None
    base: dict[str, Any] = {
        "arquivo": certame.edital_arquivo or "",
        "sha256": hashlib.sha256(certame.edital_texto.encode("utf-8")).hexdigest(),
        "modelo": certame.modelo_de_edital,
        "modelo_sha256": certame.modelo_sha256 or "",
    }
    try:
        edital = leis.edital_do_certame(certame)
        assert edital is not None
        assuntos = tuple(assuntos_na_tela(edital))
    except ErroCotas as erro:
        return EditalNaTela(erro=str(erro), **base)
    informados = certame.informados or {}
    substituidos = {
        item.nome: informados[item.nome]
        for assunto in assuntos
        for item in assunto.itens
        if item.nome in informados
    }
    return EditalNaTela(norma=edital.norma, assuntos=assuntos, substituidos=substituidos, **base)


def assuntos_do_edital(*, edital: Any) -> list[Any]:
    """Os valores de um edital lido (ainda não adotado) por assunto, nas palavras da lei."""
    from .editais import assuntos_na_tela

    return assuntos_na_tela(edital)
