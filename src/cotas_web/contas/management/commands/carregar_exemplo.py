"""Carrega o exemplo de Montenegro e cria um usuário de demonstração por papel."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cotas_web.certames.models import BaseDoLimiar
from cotas_web.contas.models import Papel, Perfil

USUARIOS_DEMO = (
    ("rh", "Rita Helena (RH)", Papel.ADMINISTRADOR, "rh-demonstracao"),
    ("comissao", "Carlos Oliveira (comissão)", Papel.COMISSAO, "comissao-demonstracao"),
    ("auditor", "Ana Duarte (auditoria)", Papel.AUDITOR, "auditor-demonstracao"),
)

MEMBROS_DEMO = (
    ("Carlos Oliveira", "masculino", "preta"),
    ("Marta Souza", "feminino", "parda"),
    ("Paulo Lima", "masculino", "branca"),
)


def criar_usuarios_demo() -> list[tuple[str, str, str]]:
    User = get_user_model()
    saida = []
    for login, nome, papel, senha in USUARIOS_DEMO:
        usuario, _ = User.objects.get_or_create(username=login)
        primeiro, _, resto = nome.partition(" ")
        usuario.first_name, usuario.last_name = primeiro, resto
        usuario.set_password(senha)
        usuario.save()
        Perfil.objects.update_or_create(usuario=usuario, defaults={"papel": papel})
        saida.append((login, senha, Papel(papel).label))
    return saida


class Command(BaseCommand):
    help = "Cria usuários de demonstração e carrega exemplos/montenegro/cenario.toml."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--cenario",
            default=str(Path(settings.RAIZ) / "exemplos" / "montenegro" / "cenario.toml"),
        )
        parser.add_argument("--sem-homologar", action="store_true")
        parser.add_argument(
            "--se-vazio", action="store_true",
            help="Só carrega se não houver certame; em todo caso mostra os usuários.",
        )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        from cotas.arquivos.cenario import ler_cenario
        from cotas.arquivos.erros import ErrosDeEntrada
        from cotas_web.candidatos.services import importacao_confirmar
        from cotas_web.certames.models import Certame
        from cotas_web.certames.services import cargo_adicionar, certame_criar, certame_homologar
        from cotas_web.comissao.services import membro_adicionar
        from cotas_web.nomeacoes.services import vagas_edital_ofertar

        if opcoes["se_vazio"] and Certame.objects.exists():
            self.stdout.write("Banco já carregado; exemplo não recarregado.")
            identificar_orgao_demo()
            self._usuarios(criar_usuarios_demo())
            return
        caminho = Path(opcoes["cenario"])
        try:
            cenario = ler_cenario(caminho)
        except ErrosDeEntrada as erros:
            raise CommandError(str(erros)) from None

        logins = criar_usuarios_demo()
        identificar_orgao_demo()
        User = get_user_model()
        rh = User.objects.get(username="rh")
        try:
            with transaction.atomic():
                pcd = cenario.pcd
                certame = certame_criar(
                    usuario=rh,
                    nome=cenario.nome,
                    municipio=cenario.municipio or "",
                    data_edital=cenario.data_edital,
                    tipo=str(cenario.tipo),
                    validade_ate=cenario.validade_ate,
                    pcd_percentual=pcd.percentual if pcd else None,
                    pcd_arredondamento=str(pcd.arredondamento) if pcd else "",
                    pcd_teto=pcd.teto if pcd else None,
                    data_referencia_idade=cenario.data_referencia_idade,
                    desempate=[(c, str(s)) for c, s in cenario.desempate],
                    admite_final_de_fila=cenario.permite_final_de_fila,
                    prioridade_colisao=",".join(cenario.prioridade_colisao or ("negros", "pcd")),
                    base_do_limiar=_base_do_limiar(cenario),
                )
                for cargo in cenario.cargos:
                    cargo_adicionar(
                        usuario=rh, certame=certame, codigo=cargo.codigo, nome=cargo.nome,
                        vagas_edital=cargo.vagas,
                    )
                importacao_confirmar(
                    usuario=rh, certame=certame, caminho=cenario.arquivo_candidatos,
                    nome_arquivo=cenario.arquivo_candidatos.name,
                )
                if certame.exige_comissao:
                    comissao = User.objects.get(username="comissao")
                    for nome, genero, cor in MEMBROS_DEMO:
                        membro_adicionar(
                            usuario=rh, certame=certame, nome=nome, genero=genero, cor_raca=cor,
                            usuario_membro=comissao if nome == "Carlos Oliveira" else None,
                        )
        except ValidationError as erro:
            raise CommandError("; ".join(erro.messages)) from None

        situacao = "cadastrado, candidatos importados"
        if not opcoes["sem_homologar"]:
            base = max(d for d in (cenario.data_edital, cenario.data_referencia_idade) if d)
            dia = base + timedelta(days=30)
            try:
                certame_homologar(usuario=rh, certame=certame, data=dia)
                vagas_edital_ofertar(usuario=rh, certame=certame, data=dia)
                situacao = (
                    f"homologado em {dia:%d/%m/%Y}, vagas do edital ofertadas; "
                    "as nomeações propostas aguardam confirmação"
                )
            except ValidationError as erro:
                situacao += f" (não homologado: {'; '.join(erro.messages)})"

        self.stdout.write(f"Certame “{certame.nome}” ({certame.lei_titulo}): {situacao}.")
        self._usuarios(logins)

    def _usuarios(self, logins: list[tuple[str, str, str]]) -> None:
        self.stdout.write("Usuários de demonstração (usuário / senha — papel):")
        for login, senha, papel in logins:
            self.stdout.write(f"  {login} / {senha} — {papel}")


def _base_do_limiar(cenario: Any) -> str:
    """A questão aberta do limiar como o motor a resolve para o cenário (o valor informado em
    `[parametros_lei]` ou o padrão)."""
    from cotas.apuracao import regras_do_cenario
    from cotas.motor.erros import ErroCotas

    try:
        negros = regras_do_cenario(cenario).grupo("negros")
    except ErroCotas:  # a criação do certame, logo adiante, recusa com a mensagem da lei
        return BaseDoLimiar.TODAS_OFERTADAS
    return negros.base_do_limiar.value if negros else BaseDoLimiar.TODAS_OFERTADAS


# A identidade do órgão na demonstração (dado, não template). Endereço e contatos reais são do
# administrador, na tela "Identidade do órgão": aqui ficam marcados como de demonstração.
ORGAO_DEMO = {
    "nome": "Prefeitura Municipal de Montenegro",
    "subordinacao": "Estado do Rio Grande do Sul",
    "endereco": "Montenegro/RS (endereço de demonstração: defina-o em Identidade do órgão)",
    "ouvidoria": "Ouvidoria municipal (demonstração: defina o contato em Identidade do órgão)",
}


def identificar_orgao_demo() -> None:
    """Dá nome ao órgão da demonstração, sem apagar o que o administrador já definiu."""
    from cotas_web.identidade.models import Orgao

    orgao = Orgao.atual()
    if not orgao.nome:
        for campo, valor in ORGAO_DEMO.items():
            setattr(orgao, campo, valor)
        orgao.save()
